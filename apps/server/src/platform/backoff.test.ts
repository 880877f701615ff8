import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { delayAfter, memoryBackoff, redisBackoff, type Backoff, type BackoffPolicy } from './backoff.ts';

const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : null;
afterAll(() => redis?.disconnect());

const backoffs: Array<[string, () => Backoff]> = [['memory', () => memoryBackoff()]];
if (redis) backoffs.push(['redis', () => redisBackoff(redis, `starlit-test-${randomBytes(4).toString('hex')}:`)]);

const policy: BackoffPolicy = { free: 2, baseMs: 200, maxMs: 500, forgetMs: 5_000 };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('back-off delays', () => {
  it('cost nothing for the free failures, then double up to the ceiling', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => delayAfter(n, policy))).toEqual([0, 0, 200, 400, 500, 500]);
  });
});

describe.each(backoffs)('%s back-off', (_name, make) => {
  it('allows the free tries, then makes the next wait, longer each time', async () => {
    const b = make();
    const k = [{ key: 'k', policy }];
    for (let i = 0; i < 3; i++) expect((await b.attempt(k)).allowed).toBe(true);
    const refused = await b.attempt(k);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(100);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(200);
    await pause(220);
    expect((await b.attempt(k)).allowed).toBe(true);
    expect((await b.attempt(k)).retryAfterMs).toBeGreaterThan(200);
  });

  it('refuses while any key cools down and then counts on none of them', async () => {
    const b = make();
    const tight = { key: 'tight', policy: { ...policy, free: 0 } };
    const loose = { key: 'loose', policy };
    expect((await b.attempt([tight, loose])).allowed).toBe(true);
    for (let i = 0; i < 5; i++) expect((await b.attempt([tight, loose])).allowed).toBe(false);
    // loose counted the first try only: one more is free, the next starts its wait
    expect((await b.attempt([loose])).allowed).toBe(true);
    expect((await b.attempt([loose])).allowed).toBe(true);
    expect((await b.attempt([loose])).allowed).toBe(false);
  });

  it('lets a success take its try back or forget a key', async () => {
    const b = make();
    const a = { key: 'a', policy };
    const c = { key: 'c', policy };
    for (let i = 0; i < 10; i++) {
      expect((await b.attempt([a, c])).allowed).toBe(true);
      await b.succeeded([a.key], [c.key]);
    }
    await b.attempt([c]);
    await b.attempt([c]);
    await b.succeeded([], [c.key]);
    expect((await b.attempt([c])).allowed).toBe(true);
    expect((await b.attempt([c])).allowed).toBe(true);
  });

  it('lets no more simultaneous tries through than the budget', async () => {
    const b = make();
    const k = [{ key: 'burst', policy }];
    const results = await Promise.all(Array.from({ length: 20 }, () => b.attempt(k)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });
});
