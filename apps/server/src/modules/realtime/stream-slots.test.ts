import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryStreamSlots, redisStreamSlots, streamLeasesKey, type StreamSlots } from './stream-slots.ts';

const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : null;
afterAll(() => redis?.disconnect());

const prefix = () => `starlit-test-${randomBytes(4).toString('hex')}`;
const failed: unknown[] = [];
const kinds: Array<[string, () => StreamSlots]> = [['memory', () => memoryStreamSlots()]];
if (redis) kinds.push(['redis', () => redisStreamSlots(redis, prefix(), (err) => failed.push(err))]);

describe.each(kinds)('%s stream slots', (_name, make) => {
  it('gives each user the limit, and a release takes effect once', async () => {
    const slots = make();
    const held = [await slots.take('u', 2), await slots.take('u', 2)];
    expect(held.every(Boolean)).toBe(true);
    expect(await slots.take('u', 2)).toBeNull();
    expect(await slots.take('v', 2)).not.toBeNull();
    held[0]!.release();
    held[0]!.release();
    await slots.close();
    const again = await slots.take('u', 2);
    expect(again).not.toBeNull();
    expect(await slots.take('u', 2)).toBeNull();
    expect(failed).toEqual([]);
  });
});

describe.runIf(redis)('redis stream leases', () => {
  it('are refreshed while held, so they outlive their first expiry', async () => {
    const p = prefix();
    const slots = redisStreamSlots(redis!, p, (err) => failed.push(err), 300);
    const slot = await slots.take('u', 1);
    expect(slot).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await redis!.zcard(streamLeasesKey(p, 'u'))).toBe(1);
    expect(await slots.take('u', 1)).toBeNull();
    slot!.release();
    await slots.close();
    expect(await slots.take('u', 1)).not.toBeNull();
    await slots.close();
    expect(failed).toEqual([]);
  });
});
