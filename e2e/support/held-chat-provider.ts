// Started by playwright.config.ts: the API tests' held chat provider, on the port it is given.
import { heldChatProvider } from '../../apps/server/test/fake-service.ts';
import { heldProviderPort } from './ports.ts';

await heldChatProvider(heldProviderPort);
