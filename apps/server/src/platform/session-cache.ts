import type { AuthUser } from './auth.ts';

/** How long a resolved token is trusted without asking the database again. */
export const SESSION_CACHE_MS = 5_000;
/** Entries kept at most; the oldest go first. Unknown tokens are never kept, so guessing fills nothing. */
const MAX_ENTRIES = 10_000;

/** A signed-in caller as the cache keeps it: the user and when the session itself ends. */
export interface LiveSession {
  user: AuthUser;
  expiresAt: Date;
}

/**
 * Resolved API tokens for a few seconds (docs/decisions/0018-feed-latency.md). Every call of a
 * signed-in page started with the same session lookup; most pages make several calls a second
 * apart. What changes a session or what it answers forgets the user's entries at once in this
 * process: signing out, signing out everywhere, renaming. Another instance, or a role changed
 * by the admin command, is seen within SESSION_CACHE_MS.
 */
export interface SessionCache {
  resolve(tokenHash: string, load: () => Promise<LiveSession | null>): Promise<AuthUser | null>;
  forgetUser(userId: string): void;
}

export function sessionCache(now: () => number = Date.now): SessionCache {
  const entries = new Map<string, { user: AuthUser; until: number }>();
  return {
    async resolve(tokenHash, load) {
      const hit = entries.get(tokenHash);
      if (hit && hit.until > now()) return hit.user;
      if (hit) entries.delete(tokenHash);
      const live = await load();
      if (!live) return null;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(tokenHash, { user: live.user, until: Math.min(now() + SESSION_CACHE_MS, live.expiresAt.getTime()) });
      return live.user;
    },
    forgetUser(userId) {
      for (const [key, entry] of entries) if (entry.user.id === userId) entries.delete(key);
    },
  };
}
