import type { SongLang } from './lyrics.ts';

const VOWELS = /[aeiouy]+/g;

/**
 * An English word cut into sung syllables by its vowel groups: one consonant between two
 * vowels starts the next syllable (ba-by), two or more are shared (sum-mer) unless they
 * spell one sound (light-ning, fa-ther), and a silent final e adds no syllable (stone).
 */
export function englishSyllables(word: string): string[] {
  const lower = word.toLowerCase();
  const groups = [...lower.matchAll(VOWELS)].map((m) => ({ from: m.index, to: m.index + m[0].length }));
  // a final e after a consonant is silent (make, stone), but not in "-le" (little) or alone (the)
  const last = groups[groups.length - 1];
  if (groups.length > 1 && last.from === lower.length - 1 && lower.endsWith('e') && !/[^aeiouy]le$/.test(lower)) groups.pop();
  if (groups.length <= 1) return [word];
  const cuts: number[] = [];
  for (let i = 1; i < groups.length; i++) {
    const gap = lower.slice(groups[i - 1].to, groups[i].from);
    if (gap.length <= 1 || /^(th|sh|ch|ph|wh)$/.test(gap)) cuts.push(groups[i - 1].to);
    else if (/^(ght|ck|ch|sh|th|ph|wh|ng)/.test(gap)) cuts.push(groups[i - 1].to + (gap.startsWith('ght') ? 3 : 2));
    else cuts.push(groups[i - 1].to + 1);
  }
  const parts: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    parts.push(word.slice(from, cut));
    from = cut;
  }
  parts.push(word.slice(from));
  return parts.filter((p) => p.length > 0);
}

/**
 * A lyric line as the texts of its notes: one syllable of each English word, or one Chinese
 * character (a Latin word inside a Chinese line is cut as English). Punctuation is not sung.
 */
export function splitSyllables(line: string, lang: SongLang): string[] {
  const tokens = line.match(lang === 'zh_TW' ? /\p{Script=Han}|(?:(?!\p{Script=Han})[\p{L}\p{N}'])+/gu : /[\p{L}\p{N}']+/gu) ?? [];
  return tokens.flatMap((token) => (/\p{Script=Han}/u.test(token) ? [token] : englishSyllables(token)));
}
