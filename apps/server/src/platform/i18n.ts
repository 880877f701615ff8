import { pickLanguage, type Language } from '@starlit/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The request's language: X-Lang first, then Accept-Language, else en_US. */
export function requestLanguage(req: FastifyRequest): Language {
  const xLang = req.headers['x-lang'];
  return pickLanguage(Array.isArray(xLang) ? xLang[0] : xLang, req.headers['accept-language']);
}

const zodLocales = { en_US: z.locales.en().localeError, zh_TW: z.locales.zhTW().localeError };

/** Zod's own error texts in the request's language. */
export function zodErrorMap(lang: Language) {
  return zodLocales[lang];
}
