import { LANGUAGES } from '@starlit/contract';
import { describe, expect, it } from 'vitest';
import { fill, passportStrings } from './passport.i18n.ts';

describe('passport strings', () => {
  it('has the same keys in every language', () => {
    const keys = Object.keys(passportStrings.en_US).sort();
    for (const lang of LANGUAGES) expect(Object.keys(passportStrings[lang]).sort()).toEqual(keys);
  });

  it('has no empty string', () => {
    for (const lang of LANGUAGES) {
      for (const [key, value] of Object.entries(passportStrings[lang])) expect(value.trim(), `${lang}.${key}`).not.toBe('');
    }
  });

  it('uses the same placeholders in every language', () => {
    const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const [key, value] of Object.entries(passportStrings.en_US)) {
      expect(placeholders(passportStrings.zh_TW[key as keyof typeof passportStrings.en_US]), key).toEqual(placeholders(value));
    }
  });

  it('fills placeholders and leaves unknown ones alone', () => {
    expect(fill('Continue as {name}', { name: 'mika' })).toBe('Continue as mika');
    expect(fill('{n} of {m}', { n: 3 })).toBe('3 of {m}');
  });
});
