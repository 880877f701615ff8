import type { LiveEvent } from '@starlit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Handle, Tx } from '../../db/client.ts';
import type { LiveHub } from './live-hub.ts';
import { frameOf, presentEvent } from './live.presenter.ts';
import { liveRepository, type LiveEventKind, type PersonRow, type ShowCounters } from './live.repository.ts';

/** An event to add: its kind, the person it is about, its body, and the key a retried request sends again. */
export interface NewEvent {
  kind: LiveEventKind;
  user: PersonRow | null;
  body: Record<string, unknown>;
  clientKey?: string | null;
  counters?: ShowCounters;
}

/**
 * A show's event log: events are numbered and stored in a transaction that holds the show's row,
 * and passed to the hub only once that transaction committed (docs/live.md, Order). A send that
 * does not reach the channel is not lost: it is stored, and viewers get it when the next event
 * shows the gap or when they reconnect.
 */
export function liveLog(deps: { db: Db; hub: LiveHub; log: FastifyBaseLogger }) {
  async function publish(showId: string, events: LiveEvent[]) {
    for (const event of events) {
      await deps.hub.publish(showId, frameOf(event)).catch((err: unknown) => deps.log.warn({ err, showId, seq: event.seq }, 'live event not published'));
    }
  }

  return {
    /**
     * Adds an event, as the last step of the caller's transaction or on its own; answers it as
     * viewers see it, or null when the show is not on (unless `whileLive` is false: the end itself).
     */
    async add(h: Handle, showId: string, event: NewEvent, whileLive = true): Promise<LiveEvent | null> {
      const row = await liveRepository(h).append(showId, { kind: event.kind, userId: event.user?.userId ?? null, body: event.body, clientKey: event.clientKey }, event.counters, whileLive);
      return row && presentEvent(row, event.user);
    },

    /** Runs `work` in a transaction, then passes the events it made (those it could) to every viewer. */
    async commit<T>(showId: string, work: (tx: Tx) => Promise<{ result: T; events: Array<LiveEvent | null> }>): Promise<T> {
      const { result, events } = await deps.db.transaction(work);
      await publish(
        showId,
        events.filter((e): e is LiveEvent => e !== null),
      );
      return result;
    },

    publish,
  };
}

export type LiveLog = ReturnType<typeof liveLog>;
