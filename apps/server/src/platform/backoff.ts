import type { Redis } from 'ioredis';

/**
 * How one key slows down: the first `free` failures cost nothing; each further one makes
 * the next try wait twice as long as the one before (baseMs, 2·baseMs, … up to maxMs).
 * A key is forgotten `forgetMs` after its last failure.
 */
export interface BackoffPolicy {
  free: number;
  baseMs: number;
  maxMs: number;
  forgetMs: number;
}

export interface BackoffKey {
  key: string;
  policy: BackoffPolicy;
}

/**
 * Growing delays after failures, instead of a lockout: whoever fails waits longer and
 * longer, but only on the keys they fail on, so nobody can lock someone else out.
 */
export interface Backoff {
  /**
   * Takes one try on every key at once. Refused with the wait while any key is cooling
   * down; otherwise counted up front as a failure of each key, so simultaneous tries cannot
   * slip past the budget while the first ones are still being checked.
   */
  attempt(keys: BackoffKey[]): Promise<{ allowed: boolean; retryAfterMs: number }>;
  /** The try succeeded after all: takes its failure back from `forgive`, forgets `clear` entirely. */
  succeeded(forgive: string[], clear: string[]): Promise<void>;
}

/** The wait a key imposes after its `failures`-th failure. */
export function delayAfter(failures: number, policy: BackoffPolicy): number {
  if (failures <= policy.free) return 0;
  return Math.min(policy.maxMs, policy.baseMs * 2 ** (failures - policy.free - 1));
}

/** Single-process back-off; entries are pruned lazily so memory follows active keys. */
export function memoryBackoff(now: () => number = Date.now): Backoff {
  const entries = new Map<string, { failures: number; until: number; forgetAt: number }>();
  let lastPrune = now();
  const live = (key: string, at: number) => {
    const entry = entries.get(key);
    return entry && entry.forgetAt > at ? entry : undefined;
  };
  return {
    async attempt(keys) {
      const at = now();
      if (at - lastPrune > 60_000) {
        for (const [k, e] of entries) if (e.forgetAt <= at) entries.delete(k);
        lastPrune = at;
      }
      const wait = Math.max(0, ...keys.map(({ key }) => (live(key, at)?.until ?? 0) - at));
      if (wait > 0) return { allowed: false, retryAfterMs: wait };
      for (const { key, policy } of keys) {
        const failures = (live(key, at)?.failures ?? 0) + 1;
        entries.set(key, { failures, until: at + delayAfter(failures, policy), forgetAt: at + policy.forgetMs });
      }
      return { allowed: true, retryAfterMs: 0 };
    },
    async succeeded(forgive, clear) {
      const at = now();
      for (const key of forgive) {
        const entry = live(key, at);
        if (entry && entry.failures > 0) entry.failures -= 1;
      }
      for (const key of clear) entries.delete(key);
    },
  };
}

// One script checks every key and counts the try, so instances sharing Redis agree and no
// try lands between the check and the count. Redis's own clock keeps instances consistent.
const ATTEMPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local wait = 0
for i = 1, #KEYS do
  local untilAt = tonumber(redis.call('HGET', KEYS[i], 'until') or '0')
  if untilAt - now > wait then wait = untilAt - now end
end
if wait > 0 then return wait end
for i = 1, #KEYS do
  local base = (i - 1) * 4
  local free, baseMs, maxMs, forgetMs = tonumber(ARGV[base + 1]), tonumber(ARGV[base + 2]), tonumber(ARGV[base + 3]), tonumber(ARGV[base + 4])
  local n = redis.call('HINCRBY', KEYS[i], 'failures', 1)
  local delay = 0
  if n > free then delay = math.min(maxMs, baseMs * 2 ^ (n - free - 1)) end
  redis.call('HSET', KEYS[i], 'until', now + delay)
  redis.call('PEXPIRE', KEYS[i], forgetMs)
end
return 0`;

const FORGIVE = `
for i = 1, #KEYS do
  local n = tonumber(redis.call('HGET', KEYS[i], 'failures') or '0')
  if n > 0 then redis.call('HINCRBY', KEYS[i], 'failures', -1) end
end
return 0`;

/** Back-off shared by every instance through Redis. */
export function redisBackoff(redis: Redis, prefix = 'starlit:bo:'): Backoff {
  return {
    async attempt(keys) {
      const args = keys.flatMap(({ policy }) => [policy.free, policy.baseMs, policy.maxMs, policy.forgetMs]);
      const wait = Number(await redis.eval(ATTEMPT, keys.length, ...keys.map(({ key }) => prefix + key), ...args));
      return { allowed: wait <= 0, retryAfterMs: Math.max(0, wait) };
    },
    async succeeded(forgive, clear) {
      if (forgive.length > 0) await redis.eval(FORGIVE, forgive.length, ...forgive.map((key) => prefix + key));
      if (clear.length > 0) await redis.del(...clear.map((key) => prefix + key));
    },
  };
}
