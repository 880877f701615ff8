import { config } from 'zod';

// The server's Content-Security-Policy allows no eval. Without this zod probes for it with
// new Function() the first time it parses an object, and the browser reports a violation.
config({ jitless: true });
