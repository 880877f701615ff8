import { normalisePromptText } from '@starlit/contract';

/**
 * Scripts written without spaces between words (CJK: Chinese, Japanese kana, Korean hangul,
 * bopomofo). A word of these has no word boundary to look for, so it is found anywhere in a
 * text; Korean is written with spaces, but particles join the word ("바보야"), so the same holds.
 */
const UNSPACED = String.raw`\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Bopomofo}`;
const UNSPACED_CHAR = new RegExp(`[${UNSPACED}]`, 'u');
/** A character that continues a Latin (or Cyrillic, Greek…) word: letters, marks and digits of the spaced scripts. */
const WORD_CHAR = String.raw`[[\p{L}\p{M}\p{N}]--[${UNSPACED}]]`;
// outside a class the v flag allows escaping only these
const SYNTAX = /[\\^$.*+?()[\]{}|/]/g;

/** Finds the listed word a text contains; `find` answers null when there is none. */
export interface PromptMatcher {
  find(text: string): string | null;
}

/**
 * One regular expression over the normalised words (normalisePromptText). A word with a CJK
 * character matches as a substring ("壞詞" in "這是壞詞啊"); any other word matches as a whole
 * word, not inside a longer one ("ass" not in "class"), with CJK characters counting as a
 * boundary ("我討厭badword啦" names "badword"). The word found first in the text is answered;
 * where two start at the same place, the longer.
 */
export function promptMatcher(words: readonly string[]): PromptMatcher {
  if (words.length === 0) return { find: () => null };
  const parts = [...words]
    .sort((a, b) => b.length - a.length)
    .map((word) => {
      const literal = word.replace(SYNTAX, '\\$&');
      return UNSPACED_CHAR.test(word) ? literal : `(?<!${WORD_CHAR})${literal}(?!${WORD_CHAR})`;
    });
  // the v flag is what allows subtracting the CJK scripts from the letters above
  const pattern = new RegExp(parts.join('|'), 'v');
  return { find: (text) => pattern.exec(normalisePromptText(text))?.[0] ?? null };
}
