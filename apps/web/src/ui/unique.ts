/**
 * The items without repeats, first occurrence kept. Pages of a ranked list can overlap when
 * an item's rank changes between two fetches (docs/home.md); a card must not show twice.
 */
export function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
