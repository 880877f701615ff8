import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** One open stream's place in its user's count; given back when the stream ends. */
export interface StreamSlot {
  /** Gives the place back; later calls do nothing. */
  release(): void;
}

/** How many streams a user holds open, counted on this instance or across all of them. */
export interface StreamSlots {
  /** Takes one of the user's `limit` places; null when all are held. */
  take(userId: string, limit: number): Promise<StreamSlot | null>;
  /** Stops refreshing leases and waits for releases still on their way (on shutdown, after every stream ended). */
  close(): Promise<void>;
}

/** Counts in this process only: enough when one instance serves everyone. */
export function memoryStreamSlots(): StreamSlots {
  const held = new Map<string, number>();
  return {
    async take(userId, limit) {
      const count = held.get(userId) ?? 0;
      if (count >= limit) return null;
      held.set(userId, count + 1);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          const left = (held.get(userId) ?? 1) - 1;
          if (left > 0) held.set(userId, left);
          else held.delete(userId);
        },
      };
    },
    async close() {},
  };
}

/**
 * How long a stream counts without its instance refreshing it. A crashed instance cannot
 * give its slots back, so they lapse after this; a live one refreshes well before.
 */
export const STREAM_LEASE_MS = 60_000;

/** The sorted set of a user's leases: one member per open stream, scored by its expiry. */
export const streamLeasesKey = (prefix: string, userId: string) => `${prefix}:streams:${userId}`;

// Dropping lapsed leases, counting and adding in one script, so instances taking the last
// place at once cannot both get it. Redis's clock keeps the instances' expiries comparable.
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

// A lease that lapsed while Redis was out of reach is added again: its stream is still open.
const REFRESH = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;

/**
 * Counts across every instance sharing Redis: each open stream holds a lease in its user's
 * sorted set, refreshed by its instance every third of the lease while it is open.
 */
export function redisStreamSlots(redis: Redis, prefix: string, onError: (err: unknown) => void, leaseMs = STREAM_LEASE_MS): StreamSlots {
  const live = new Map<string, { key: string }>();
  const releasing = new Set<Promise<unknown>>();
  const refresh = () => {
    for (const [member, { key }] of live) redis.eval(REFRESH, 1, key, leaseMs, member).catch(onError);
  };
  const timer = setInterval(refresh, leaseMs / 3);
  // the timer alone must not keep a process alive that has nothing else to do
  timer.unref();
  return {
    async take(userId, limit) {
      const key = streamLeasesKey(prefix, userId);
      const member = randomUUID();
      if (Number(await redis.eval(TAKE, 1, key, limit, leaseMs, member)) !== 1) return null;
      live.set(member, { key });
      return {
        release() {
          if (!live.delete(member)) return;
          // a release lost to an outage lapses with its lease
          const done = redis.zrem(key, member).catch(onError);
          releasing.add(done);
          void done.finally(() => releasing.delete(done));
        },
      };
    },
    async close() {
      clearInterval(timer);
      await Promise.all(releasing);
    },
  };
}
