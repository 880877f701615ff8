import { normalisePromptText } from '@starlit/contract';

/**
 * Scripts written without spaces between words (CJK: Chinese, Japanese kana, Korean hangul,
 * bopomofo). A word of these has no word boundary to look for, so it is found anywhere in a
 * text; Korean is written with spaces, but particles join the word ("바보야"), so the same holds.
 */
const UNSPACED = String.raw`\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Bopomofo}`;
const UNSPACED_CHAR = new RegExp(`[${UNSPACED}]`, 'u');
/** A character that continues a Latin (or Cyrillic, Greek…) word: letters, marks and digits of the spaced scripts. */
const WORD_CHAR = new RegExp(String.raw`^[[\p{L}\p{M}\p{N}]--[${UNSPACED}]]$`, 'v');

const continuesWord = (char: string | undefined) => char !== undefined && WORD_CHAR.test(char);

interface Listed {
  word: string;
  chars: string[];
  /** Found only between characters that do not continue it. */
  whole: boolean;
}

/** Finds the listed word a text contains; `find` answers null when there is none. */
export interface PromptMatcher {
  find(text: string): string | null;
}

/**
 * A matcher over the normalised words (normalisePromptText). A word with a CJK character matches
 * as a substring ("壞詞" in "這是壞詞啊"); any other word matches as a whole word, not inside a
 * longer one ("ass" not in "class"), with CJK characters counting as a boundary ("我討厭badword啦"
 * names "badword"). The word found first in the text is answered; where two start at the same
 * place, the longer.
 *
 * The words are grouped by their first character and the text is walked once, trying at each
 * character only the words that start with it: a check of a long description against the full
 * list of 1000 words stays well under a millisecond (one regular expression of 1000 alternatives
 * with lookarounds took tens of milliseconds, and most of a second to compile).
 */
export function promptMatcher(words: readonly string[]): PromptMatcher {
  const byFirst = new Map<string, Listed[]>();
  for (const word of words) {
    const chars = Array.from(word);
    const listed = { word, chars, whole: !UNSPACED_CHAR.test(word) };
    const group = byFirst.get(chars[0]);
    if (group) group.push(listed);
    else byFirst.set(chars[0], [listed]);
  }
  for (const group of byFirst.values()) group.sort((a, b) => b.chars.length - a.chars.length);

  const at = (text: string[], i: number, listed: Listed) => {
    const { chars } = listed;
    if (i + chars.length > text.length) return false;
    for (let j = 1; j < chars.length; j++) if (text[i + j] !== chars[j]) return false;
    return !listed.whole || !continuesWord(text[i + chars.length]);
  };

  return {
    find(raw) {
      if (byFirst.size === 0) return null;
      const text = Array.from(normalisePromptText(raw));
      for (let i = 0; i < text.length; i++) {
        const group = byFirst.get(text[i]);
        if (!group) continue;
        const startsWord = !continuesWord(text[i - 1]);
        for (const listed of group) if ((startsWord || !listed.whole) && at(text, i, listed)) return listed.word;
      }
      return null;
    },
  };
}
