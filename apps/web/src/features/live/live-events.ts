import type { LiveEvent } from '@starlit/contract';

/** What became of an event handed to the buffer. */
export type Accepted = 'new' | 'duplicate' | 'gap';

/**
 * A show's events by number (seq): each kept once, in order. The stream must deliver every
 * number after the last one in turn; an event further ahead means some were missed, and is
 * refused as a `gap` so the caller reconnects from `lastSeq` and the server replays them.
 */
export class LiveEventBuffer {
  private readonly bySeq = new Map<number, LiveEvent>();
  private sorted: LiveEvent[] | null = [];
  /** The newest number held with none missing before it (since the first load). */
  lastSeq = 0;

  constructor(private readonly keep = 300) {}

  /** A page of history (`live/events` after `after`): taken as it is, the numbers after `after`. */
  load(items: readonly LiveEvent[], after: number): void {
    this.lastSeq = Math.max(this.lastSeq, after);
    for (const e of items) {
      if (!this.bySeq.has(e.seq)) this.bySeq.set(e.seq, e);
      this.lastSeq = Math.max(this.lastSeq, e.seq);
    }
    this.sorted = null;
    this.trim();
  }

  /** One event from the stream. */
  accept(e: LiveEvent): Accepted {
    if (e.seq <= this.lastSeq || this.bySeq.has(e.seq)) return 'duplicate';
    if (e.seq > this.lastSeq + 1) return 'gap';
    this.bySeq.set(e.seq, e);
    this.lastSeq = e.seq;
    this.sorted = null;
    this.trim();
    return 'new';
  }

  /** Forgets everything (a `reset`: the show is read again). */
  clear(): void {
    this.bySeq.clear();
    this.sorted = [];
    this.lastSeq = 0;
  }

  /** The events held, oldest first (the same array until something changes). */
  list(): readonly LiveEvent[] {
    this.sorted ??= [...this.bySeq.values()].sort((a, b) => a.seq - b.seq);
    return this.sorted;
  }

  private trim(): void {
    if (this.bySeq.size <= this.keep) return;
    const seqs = [...this.bySeq.keys()].sort((a, b) => a - b);
    for (const seq of seqs.slice(0, seqs.length - this.keep)) this.bySeq.delete(seq);
    this.sorted = null;
  }
}

/** The numbers of chat messages deleted, by their own flag or a later moderation event. */
export function deletedSeqs(events: readonly LiveEvent[]): Set<number> {
  const gone = new Set<number>();
  for (const e of events) {
    if (e.kind === 'chat' && e.deleted) gone.add(e.seq);
    if (e.kind === 'moderation' && e.action === 'delete' && e.targetSeq !== null) gone.add(e.targetSeq);
  }
  return gone;
}

/** Who is muted now by the moderation events seen (true: muted), by user id. */
export function mutedUsers(events: readonly LiveEvent[]): Map<string, boolean> {
  const muted = new Map<string, boolean>();
  for (const e of events) {
    if (e.kind !== 'moderation' || !e.user) continue;
    if (e.action === 'mute' || e.action === 'remove') muted.set(e.user.userId, true);
    if (e.action === 'unmute') muted.set(e.user.userId, false);
  }
  return muted;
}

/** The newest event of a kind, if any. */
export function latest<K extends LiveEvent['kind']>(events: readonly LiveEvent[], kind: K): Extract<LiveEvent, { kind: K }> | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.kind === kind) return e as Extract<LiveEvent, { kind: K }>;
  }
  return null;
}
