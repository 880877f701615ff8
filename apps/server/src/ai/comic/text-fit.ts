/**
 * Shortening texts to a comic's limits. Lengths count characters as people see them (code
 * points), so a Chinese line of 40 characters is 40 however it is encoded.
 */

const SENTENCE_END = /[。！？!?.…]/u;
const SOFT_BREAK = /[，、；：,;:\s]/u;

/** The text with runs of white space made single spaces and its ends trimmed. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Number of characters as people count them. */
export function charCount(text: string): number {
  return Array.from(text).length;
}

/**
 * The text cut to at most `limit` characters: at the end of a sentence when one ends in the
 * second half, else at a word or comma with an ellipsis, else mid-word with an ellipsis.
 */
export function shorten(text: string, limit: number): string {
  const chars = Array.from(squash(text));
  if (chars.length <= limit) return chars.join('');
  const head = chars.slice(0, limit);
  for (let i = head.length - 1; i >= limit / 2; i--) {
    if (SENTENCE_END.test(head[i]!)) return head.slice(0, i + 1).join('');
  }
  const room = head.slice(0, limit - 1);
  for (let i = room.length - 1; i >= limit / 2; i--) {
    if (SOFT_BREAK.test(room[i]!)) return `${room.slice(0, i).join('').trimEnd()}…`;
  }
  return `${room.join('').trimEnd()}…`;
}

/** The sentences of a text, in either language, trimmed. */
export function sentences(text: string): string[] {
  return (text.match(/[^。！？!?.\n]+[。！？!?.]*/gu) ?? []).map((s) => s.trim()).filter((s) => charCount(s) > 1);
}
