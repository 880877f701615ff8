/** What a like or collect button shows: whether it is on, and the work's count. */
export interface ReactionShown {
  on: boolean;
  count: number;
}

/** The state a click leads to, shown before the server answers; a count never goes below 0. */
export function flipped(shown: ReactionShown): ReactionShown {
  return { on: !shown.on, count: Math.max(0, shown.count + (shown.on ? -1 : 1)) };
}

/** A count as people read it in the language shown: 999, 1.2K, 3.4M (en-US) or 1.2萬 (zh-TW). */
export function compactCount(count: number, locale: string): string {
  return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(count);
}
