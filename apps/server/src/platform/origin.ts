import { ErrorCode } from '@starlit/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** This machine's own names: always answered, so `npm start` and a local proxy just work. */
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
/** Unknown hosts are logged once each, up to this many. */
const WARN_AT_MOST = 100;

/** The public origin the browser used (PUBLIC_URL wins when set, e.g. behind a proxy). */
export function publicOrigin(req: FastifyRequest, publicUrl: string | null): string {
  if (publicUrl) return new URL(publicUrl).origin;
  // the Host was checked against the allowed names on the way in (installHostCheck)
  return new URL(`${req.protocol}://${req.host}`).origin;
}

/** A host name or bracketed IPv6 address, with an optional port: nothing else is a Host. */
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i;

/** The name of a Host header without its port, or null when it is not just a host[:port]. */
export function hostName(host: string): string | null {
  return HOST.exec(host)?.[1]?.toLowerCase() ?? null;
}

/** Names the server answers to: PUBLIC_URL's host, this machine's, and ALLOWED_HOSTS. */
export function allowedHosts(publicUrl: string | null, extra: string[]): Set<string> {
  const names = [...LOCAL_HOSTS, ...extra.map((h) => hostName(h.trim()))];
  if (publicUrl) names.push(new URL(publicUrl).hostname);
  return new Set(names.filter((n): n is string => Boolean(n)));
}

/**
 * Refuses requests for any other host (421). Links the server builds from the Host header
 * (sign-in redirects without PUBLIC_URL) can then never point elsewhere, and a page on
 * another name that resolves here (DNS rebinding) reaches nothing.
 */
export function installHostCheck(app: FastifyInstance, allowed: Set<string>) {
  const warned = new Set<string>();
  app.addHook('onRequest', async (req) => {
    const name = hostName(req.host);
    if (name && allowed.has(name)) return;
    if (warned.size < WARN_AT_MOST && !warned.has(req.host)) {
      warned.add(req.host);
      req.log.warn({ host: req.host }, 'request for an unknown host refused: set PUBLIC_URL or add the name to ALLOWED_HOSTS');
    }
    throw new AppError(ErrorCode.BAD_REQUEST, 421);
  });
}

/** A same-origin address to come back to, or the home page for anything else. */
export function safeReturnTo(raw: string | undefined, origin: string): string {
  if (!raw) return '/';
  try {
    const url = new URL(raw, origin);
    // "//host/…" is a path here but another site once put in an address bar
    if (url.origin !== origin || url.pathname.startsWith('//')) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
