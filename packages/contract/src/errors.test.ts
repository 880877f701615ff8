import { describe, expect, it } from 'vitest';
import { ErrorCode, errorMessages } from './errors.ts';
import { pickLanguage } from './i18n/languages.ts';

describe('error catalogue', () => {
  it('has a message for every code in every language', () => {
    for (const [lang, messages] of Object.entries(errorMessages)) {
      for (const code of Object.values(ErrorCode)) {
        if (code === 0) continue;
        expect(messages[code], `${lang} ${code}`).toBeTruthy();
      }
    }
  });
});

describe('language choice', () => {
  it('reads X-Lang and Accept-Language values, falling back to en_US', () => {
    expect(pickLanguage('zh_TW')).toBe('zh_TW');
    expect(pickLanguage(undefined, 'zh-TW,zh;q=0.9,en;q=0.8')).toBe('zh_TW');
    expect(pickLanguage('en_US', 'zh-TW')).toBe('en_US');
    expect(pickLanguage('fr-FR')).toBe('en_US');
    expect(pickLanguage(undefined, undefined)).toBe('en_US');
  });
});
