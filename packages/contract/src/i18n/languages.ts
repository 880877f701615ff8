/** The languages Starlit speaks (SPEC §1); en_US is the default and the fallback. */
export const LANGUAGES = ['en_US', 'zh_TW'] as const;
/** One of the supported languages. */
export type Language = (typeof LANGUAGES)[number];
/** Default and fallback language (SPEC §9). */
export const DEFAULT_LANGUAGE: Language = 'en_US';

/** Picks a supported language from an X-Lang or Accept-Language value ("zh-TW,zh;q=0.9" → zh_TW). */
export function pickLanguage(...values: Array<string | undefined | null>): Language {
  for (const value of values) {
    if (!value) continue;
    for (const part of value.split(',')) {
      const tag = part.split(';')[0].trim().replace('-', '_').toLowerCase();
      if (!tag) continue;
      if (tag === 'zh_tw' || tag === 'zh_hant' || tag.startsWith('zh_hant') || tag === 'zh_hk' || tag === 'zh') return 'zh_TW';
      if (tag.startsWith('en')) return 'en_US';
    }
  }
  return DEFAULT_LANGUAGE;
}
