import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { newToken } from '../../platform/tokens.ts';

/** The built-in provider's own session, so a second sign-in needs no password. */
export const PROVIDER_COOKIE = 'starlit_passport';
/** Double-submit CSRF token: a form is accepted only with the value of this cookie. */
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

/** This browser's CSRF token, created on its first passport page. */
export function csrfToken(req: FastifyRequest, reply: FastifyReply, origin: string): string {
  const existing = req.cookies[CSRF_COOKIE];
  if (existing && existing.length >= 32) return existing;
  const token = newToken();
  reply.setCookie(CSRF_COOKIE, token, base(origin));
  return token;
}

/** Whether a form carries the CSRF token of the browser that sends it. */
export function csrfValid(req: FastifyRequest, submitted: string): boolean {
  const expected = req.cookies[CSRF_COOKIE];
  if (!expected || !submitted) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(submitted);
  return a.length === b.length && timingSafeEqual(a, b);
}
