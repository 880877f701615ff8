import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { newToken } from '../../platform/tokens.ts';

/** The built-in provider's own session, so a second sign-in needs no password. */
export const PROVIDER_COOKIE = 'starlit_passport';
/** A random id of the browser, which its forms' CSRF tokens are bound to. */
const CSRF_COOKIE = 'starlit_passport_csrf';
/** The page language a person picked with the toggle. */
export const LANG_COOKIE = 'starlit_lang';

const base = (origin: string) => ({ httpOnly: true, sameSite: 'lax' as const, secure: origin.startsWith('https:'), path: '/passport' });

export function setProviderCookie(reply: FastifyReply, origin: string, token: string, expires: Date) {
  reply.setCookie(PROVIDER_COOKIE, token, { ...base(origin), expires });
}

export function clearProviderCookie(reply: FastifyReply, origin: string) {
  reply.clearCookie(PROVIDER_COOKIE, base(origin));
}

export function setLanguageCookie(reply: FastifyReply, origin: string, lang: string) {
  // readable by the app too, so the whole site follows one choice
  reply.setCookie(LANG_COOKIE, lang, { path: '/', sameSite: 'lax', secure: origin.startsWith('https:'), maxAge: 365 * 24 * 3600 });
}

/**
 * This browser's CSRF token for its pages' forms. The cookie holds a random id of the
 * browser (made on its first passport page); the token is an HMAC of that id and of the
 * provider session the browser holds, under the server's secret. A cookie planted by
 * someone else with a field to match is worthless without the secret, and a pair taken from
 * the attacker's own browser no longer matches once the victim holds another session.
 */
export function csrfToken(req: FastifyRequest, reply: FastifyReply, origin: string, secret: Buffer): string {
  let browserId = req.cookies[CSRF_COOKIE];
  if (!browserId || browserId.length < 32) {
    browserId = newToken();
    reply.setCookie(CSRF_COOKIE, browserId, base(origin));
  }
  return bindCsrf(secret, browserId, req.cookies[PROVIDER_COOKIE] ?? '');
}

function bindCsrf(secret: Buffer, browserId: string, providerSession: string): string {
  return createHmac('sha256', secret).update(`passport-csrf\n${browserId}\n${providerSession}`).digest('base64url');
}

/** Whether a form carries the CSRF token of the browser (and provider session) that sends it. */
export function csrfValid(req: FastifyRequest, submitted: string, secret: Buffer): boolean {
  const browserId = req.cookies[CSRF_COOKIE];
  if (!browserId || browserId.length < 32 || !submitted) return false;
  const a = Buffer.from(bindCsrf(secret, browserId, req.cookies[PROVIDER_COOKIE] ?? ''));
  const b = Buffer.from(submitted);
  return a.length === b.length && timingSafeEqual(a, b);
}
