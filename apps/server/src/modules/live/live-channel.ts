import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

/**
 * How a show's events reach every instance (decision 0021): each instance with viewers of a
 * show subscribes to the show's channel; the instance that stored an event publishes it once.
 * In one process an EventEmitter is the channel; with Redis, one channel per show.
 */
export interface LiveChannel {
  publish(showId: string, message: string): Promise<void>;
  /** Resolves once messages are flowing; answers how to stop. */
  subscribe(showId: string, onMessage: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * How many people watch a show across instances: each instance reports its own count and reads
 * the total. A count an instance has not refreshed within `staleMs` is left out, so a crashed
 * instance's viewers stop counting.
 */
export interface ViewerCounts {
  report(showId: string, local: number): Promise<number>;
}

export function memoryLiveChannel(): LiveChannel {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(showId, message) {
      emitter.emit(showId, message);
    },
    async subscribe(showId, onMessage) {
      emitter.on(showId, onMessage);
      return async () => {
        emitter.off(showId, onMessage);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export function memoryViewerCounts(): ViewerCounts {
  return { report: async (_showId, local) => local };
}

export function redisLiveChannel(redis: Redis, prefix: string, onError: (err: unknown) => void): LiveChannel {
  // a connection in subscriber mode can do nothing else
  const sub = redis.duplicate();
  sub.on('error', onError);
  const listeners = new Map<string, (message: string) => void>();
  const channelOf = (showId: string) => `${prefix}live:${showId}`;
  sub.on('message', (channel: string, message: string) => listeners.get(channel)?.(message));
  return {
    async publish(showId, message) {
      await redis.publish(channelOf(showId), message);
    },
    async subscribe(showId, onMessage) {
      const channel = channelOf(showId);
      listeners.set(channel, onMessage);
      await sub.subscribe(channel);
      return async () => {
        listeners.delete(channel);
        await sub.unsubscribe(channel).catch(onError);
      };
    },
    async close() {
      listeners.clear();
      sub.disconnect();
    },
  };
}

export function redisViewerCounts(redis: Redis, prefix: string, instanceId: string, staleMs: number): ViewerCounts {
  return {
    async report(showId, local) {
      const key = `${prefix}live:viewers:${showId}`;
      const now = Date.now();
      const [, , all] =
        (await redis
          .multi()
          .hset(key, instanceId, `${local}:${now}`)
          .pexpire(key, staleMs * 4)
          .hgetall(key)
          .exec()) ?? [];
      const counts = (all?.[1] ?? {}) as Record<string, string>;
      let total = 0;
      for (const value of Object.values(counts)) {
        const [count, at] = value.split(':').map(Number);
        if (now - at <= staleMs) total += count;
      }
      return total;
    },
  };
}
