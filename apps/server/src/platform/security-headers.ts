import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the web app and the API documentation: their own scripts
 * only (the built app, its lazy chunks and the Swagger UI run nothing inline or by eval);
 * styles may be inline because libraries of both insert <style> elements at run time,
 * media and models from this server, and blob:/data: where the app makes them itself
 * (recorded and synthesised audio, images decoded from a VRM, previews of picked files).
 * No framing anywhere (clickjacking), no plugins, no <base> or form posts elsewhere.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Sets the security headers on every response. They are set before routing, so a route
 * with stricter needs of its own (the passport pages, uploaded media) replaces them.
 */
export function installSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers({
      'content-security-policy': APP_CSP,
      // for browsers that predate frame-ancestors
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      // addresses can carry a sign-in code (/?code=…): never send them to other sites
      'referrer-policy': 'same-origin',
    });
  });
  // a route's own policy (uploaded media) still may not be framed
  app.addHook('onSend', async (_req, reply, payload) => {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string' && !policy.includes('frame-ancestors')) reply.header('content-security-policy', `${policy}; frame-ancestors 'none'`);
    return payload;
  });
}
