import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './rate-limit.ts';

const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : null;
afterAll(() => redis?.disconnect());

const limiters: Array<[string, () => RateLimiter]> = [['memory', () => memoryRateLimiter()]];
if (redis) limiters.push(['redis', () => redisRateLimiter(redis, `starlit-test-${randomBytes(4).toString('hex')}:`)]);

describe.each(limiters)('%s rate limiter', (_name, make) => {
  it('allows the limit, refuses past it, and opens again after the window', async () => {
    const limiter = make();
    // a window long enough that four hits fit in it on any machine; the wait is what the limiter says
    const results: Array<{ allowed: boolean; retryAfterMs: number }> = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit('k', 3, 2_000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    await new Promise((r) => setTimeout(r, results[3].retryAfterMs + 50));
    expect((await limiter.hit('k', 3, 2_000)).allowed).toBe(true);
  });

  it('keeps keys apart and resets one', async () => {
    const limiter = make();
    await limiter.hit('a', 1, 10_000);
    expect((await limiter.hit('a', 1, 10_000)).allowed).toBe(false);
    expect((await limiter.hit('b', 1, 10_000)).allowed).toBe(true);
    await limiter.reset('a');
    expect((await limiter.hit('a', 1, 10_000)).allowed).toBe(true);
  });
});

describe.runIf(redis)('redis rate limiter recovery', () => {
  it('gives a counter left without expiry (a crash between commands) one again', async () => {
    const prefix = `starlit-test-${randomBytes(4).toString('hex')}:`;
    await redis!.set(`${prefix}stuck`, '99');
    const { allowed, retryAfterMs } = await redisRateLimiter(redis!, prefix).hit('stuck', 5, 5_000);
    expect(allowed).toBe(false);
    expect(retryAfterMs).toBeLessThanOrEqual(5_000);
    expect(await redis!.pttl(`${prefix}stuck`)).toBeGreaterThan(0);
  });
});
