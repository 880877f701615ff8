import type { Redis } from 'ioredis';

/** Counts hits per key in fixed windows; answers whether a hit is still allowed. */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<{ allowed: boolean; retryAfterMs: number }>;
  reset(key: string): Promise<void>;
}

/** Single-process limiter. Windows are pruned lazily so memory follows active keys. */
export function memoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastPrune = Date.now();
  return {
    async hit(key, limit, windowMs) {
      const now = Date.now();
      if (now - lastPrune > 60_000) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        lastPrune = now;
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { allowed: w.count <= limit, retryAfterMs: w.resetAt - now };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/** Limiter shared by every instance through Redis (INCR plus expiry on first hit). */
export function redisRateLimiter(redis: Redis, prefix = 'starlit:rl:'): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [[null, number], [null, number]];
      if (ttl < 0) await redis.pexpire(k, windowMs);
      return { allowed: count <= limit, retryAfterMs: ttl < 0 ? windowMs : ttl };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
