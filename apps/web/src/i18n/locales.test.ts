import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorMessages, LANGUAGES, messages, SkillKey } from '@starlit/contract';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './i18n';

const localesDir = fileURLToPath(new URL('../../public/locales', import.meta.url));
const featuresDir = fileURLToPath(new URL('../features', import.meta.url));

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Every leaf of a locale file as "a.b.c" → value. */
function flatten(value: Json, prefix = '', out = new Map<string, Json>()): Map<string, Json> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function load(language: string, file: string): Map<string, Json> {
  return flatten(JSON.parse(readFileSync(join(localesDir, language, file), 'utf8')) as Json);
}

const filesOf = (language: string) =>
  readdirSync(join(localesDir, language))
    .filter((f) => f.endsWith('.json'))
    .sort();

describe('locale files', () => {
  it('exist for every language, with the same namespace files', () => {
    const reference = filesOf('en_US');
    expect(reference).toEqual([...NAMESPACES].map((ns) => `${ns}.json`).sort());
    for (const language of LANGUAGES) expect(filesOf(language), language).toEqual(reference);
  });

  for (const file of filesOf('en_US')) {
    it(`${file}: every key exists in every language`, () => {
      const keysByLanguage = LANGUAGES.map((language) => [language, [...load(language, file).keys()].sort()] as const);
      const all = new Set(keysByLanguage.flatMap(([, keys]) => keys));
      for (const [language, keys] of keysByLanguage) {
        const missing = [...all].filter((key) => !keys.includes(key));
        expect(missing, `${language}/${file} lacks keys`).toEqual([]);
      }
    });

    it(`${file}: no string is empty and every value is a string`, () => {
      for (const language of LANGUAGES) {
        for (const [key, value] of load(language, file)) {
          expect(typeof value, `${language}/${file} ${key}`).toBe('string');
          expect(String(value).trim(), `${language}/${file} ${key} is empty`).not.toBe('');
        }
      }
    });

    it(`${file}: interpolations are the same in every language`, () => {
      const placeholders = (text: Json) => [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
      const reference = load('en_US', file);
      for (const language of LANGUAGES) {
        for (const [key, value] of load(language, file)) {
          expect(placeholders(value), `${language}/${file} ${key}`).toEqual(placeholders(reference.get(key) ?? ''));
        }
      }
    });
  }
});

describe('one name for one thing', () => {
  // the editor and the agent page once named the same skill differently in zh_TW
  it.each(LANGUAGES)('%s: agents.json names each skill once', (language) => {
    const entries = [...load(language, 'agents.json').keys()];
    for (const skill of SkillKey.options) {
      expect(
        entries.filter((key) => key.endsWith(`.${skill}`)),
        skill,
      ).toHaveLength(1);
    }
  });
});

describe('punctuation is translated', () => {
  // zh_TW writes "：", so a colon after a translated label belongs in the label's translation
  it('no feature puts a colon of its own after a translated string', () => {
    const files = readdirSync(featuresDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tsx'));
    const found = files.flatMap((file) =>
      readFileSync(join(featuresDir, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (/\{\w*t\([^)]*\)\}:/.test(line) ? [`${file}:${index + 1}`] : [])),
    );
    expect(found).toEqual([]);
  });
});

describe('namespaces follow the features', () => {
  const features = readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  it('every namespace but common is named after a feature folder', () => {
    expect(NAMESPACES.filter((ns) => ns !== 'common' && !features.includes(ns))).toEqual([]);
  });

  // useTranslation('ns'), useTranslation(['a', 'b']), `ns="…"` handed to a ui/ component, `{ ns: '…' }` and 'ns:key'
  const namespacesNamedIn = (source: string) => [
    ...[...source.matchAll(/useTranslation\(([^)]*)\)/g)].flatMap((m) => [...(m[1] ?? '').matchAll(/['"`]([\w-]+)['"`]/g)].map((q) => q[1])),
    ...[...source.matchAll(/\bns\s*[=:]\s*['"`]([\w-]+)['"`]/g)].map((m) => m[1]),
    ...[...source.matchAll(/\bt\(\s*['"`]([\w-]+):/g)].map((m) => m[1]),
  ];

  it("a feature's code words its strings with its own namespace or common", () => {
    const foreign: string[] = [];
    for (const feature of features) {
      const files = readdirSync(join(featuresDir, feature), { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
      for (const file of files) {
        for (const ns of namespacesNamedIn(readFileSync(join(featuresDir, feature, file), 'utf8'))) {
          if (ns !== feature && ns !== 'common') foreign.push(`${feature}/${file} uses ${ns}`);
        }
      }
    }
    expect(foreign).toEqual([]);
  });
});

describe('Traditional Chinese wording', () => {
  // one term for an AI agent and the plain "你", in the app, its error catalogue and its rule messages
  const texts = [
    ...filesOf('zh_TW').flatMap((file) => [...load('zh_TW', file)].map(([key, value]) => [`${file}:${key}`, String(value)] as const)),
    ...Object.entries(errorMessages.zh_TW).map(([code, text]) => [`error ${code}`, text] as const),
    ...Object.entries(messages.zh_TW).map(([key, text]) => [key, text] as const),
  ];
  it.each([
    ['"您"', /您/],
    ['"AI 角色" (the agent is "智能體")', /AI\s*角色/],
    ['"簡介" (the role intro is "角色介紹")', /簡介/],
  ])('never uses %s', (_name, pattern) => {
    expect(texts.filter(([, text]) => pattern.test(text)).map(([key]) => key)).toEqual([]);
  });
});
