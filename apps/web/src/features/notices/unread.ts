/** An unread count from the server (SPEC §3 keeps them as strings) as a number; junk counts as 0. */
export function unreadNumber(value: string | undefined): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** The badge text: nothing at 0, "99+" above 99. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}
