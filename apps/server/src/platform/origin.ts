import type { FastifyRequest } from 'fastify';

/** The public origin the browser used (PUBLIC_URL wins when set, e.g. behind a proxy). */
export function publicOrigin(req: FastifyRequest, publicUrl: string | null): string {
  if (publicUrl) return new URL(publicUrl).origin;
  return `${req.protocol}://${req.host}`;
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
