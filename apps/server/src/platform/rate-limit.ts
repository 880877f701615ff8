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

// Counting and setting the expiry in one script: a process dying between two commands
// must not leave a counter that never expires (and an address blocked for good).
const HIT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;

/** Limiter shared by every instance through Redis. */
export function redisRateLimiter(redis: Redis, prefix = 'starlit:rl:'): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const [count, ttl] = (await redis.eval(HIT, 1, prefix + key, windowMs)) as [number, number];
      return { allowed: count <= limit, retryAfterMs: ttl };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
