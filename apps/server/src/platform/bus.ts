import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/** Events pushed to a user's open pages, and a few between the server's instances. */
export type BusEvent =
  | { type: 'notice'; box: 'system' | 'interact' }
  // a background job of the user changed state (e.g. an avatar generation)
  | { type: 'job'; jobId: string; status: 'generating' | 'done' | 'failed' }
  // a creation of the user moved on: its progress while generating, then how it ended
  | { type: 'creation'; creationId: string; state: 'generating' | 'done' | 'failed' | 'cancelled'; progress: number; stage: string }
  // a daily task of the user moved on: a step finished, it ended, or it was published
  | { type: 'daily_task'; taskId: string; state: 'generating' | 'done' | 'failed' | 'cancelled'; progress: number }
  // servers only: the prompt word list changed (published on moderation's PROMPT_WORDS_TOPIC, which is no user's id)
  | { type: 'promptWords' };

/**
 * Fan-out of events to users. In one process an EventEmitter is enough; with REDIS_URL
 * every instance publishes and subscribes through Redis so a page connected to any
 * instance hears about a notice created on another.
 */
export interface Bus {
  /**
   * Never fails: what was saved stays saved when the bus is down, and a lost event only
   * delays a badge (pages also poll).
   */
  publish(userId: string | '*', event: BusEvent): Promise<void>;
  subscribe(userId: string, listener: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
}

const ALL = '*';

export function memoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(userId, event) {
      emitter.emit(userId, event);
    },
    subscribe(userId, listener) {
      emitter.on(userId, listener);
      emitter.on(ALL, listener);
      return () => {
        emitter.off(userId, listener);
        emitter.off(ALL, listener);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export function redisBus(url: string, channel: string, onError: (err: unknown) => void): Bus {
  const pub = new Redis(url, { maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { maxRetriesPerRequest: 3 });
  pub.on('error', onError);
  sub.on('error', onError);
  const local = memoryBus();
  sub.subscribe(channel).catch(onError);
  sub.on('message', (_ch: string, raw: string) => {
    const { userId, event } = JSON.parse(raw) as { userId: string; event: BusEvent };
    void local.publish(userId, event);
  });
  return {
    async publish(userId, event) {
      try {
        await pub.publish(channel, JSON.stringify({ userId, event }));
      } catch (err) {
        onError(err);
      }
    },
    subscribe: local.subscribe,
    async close() {
      await local.close();
      sub.disconnect();
      pub.disconnect();
    },
  };
}
