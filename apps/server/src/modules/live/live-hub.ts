import type { FastifyBaseLogger } from 'fastify';
import type { LiveChannel, ViewerCounts } from './live-channel.ts';

/** One stored event on its way to viewers: its number, what the hub must act on, and its JSON once. */
export interface LiveFrame {
  seq: number;
  /** Whose streams it ends once written: everyone's (the show ended), one person's (removed), or none. */
  closes: 'all' | { userId: string } | null;
  json: string;
}

/** An open stream of a viewer. */
export interface LiveViewer {
  userId: string | null;
  write(chunk: string): void;
  /** Ends the stream (the show ended, the viewer was removed, or the server is closing). */
  close(): void;
}

export interface LiveHubDeps {
  channel: LiveChannel;
  counts: ViewerCounts;
  /** Stored events after `after` (through `through` when given), oldest first, at most `limit`. */
  catchUp(showId: string, after: number, limit: number, through?: number): Promise<LiveFrame[]>;
  /** The newest event number of a show. */
  lastSeq(showId: string): Promise<number>;
  /** The viewers of a show across instances, counted now. */
  onCount(showId: string, total: number): Promise<void>;
  log: FastifyBaseLogger;
  /** Events a catch-up sends at most before it tells the viewer to read the show again. */
  catchUpLimit: number;
  countEveryMs: number;
}

/** How long an event that came early waits for the ones before it before they are read from the database. */
export const GAP_WAIT_MS = 150;

const eventText = (f: LiveFrame) => `id: ${f.seq}\nevent: event\ndata: ${f.json}\n\n`;
const frameText = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The wire form of a frame on the channel: two short fields, then the event's JSON as it is. */
export const encodeFrame = (f: LiveFrame) => `${f.seq}|${f.closes === 'all' ? '*' : (f.closes?.userId ?? '')}|${f.json}`;

function decodeFrame(message: string): LiveFrame {
  const a = message.indexOf('|');
  const b = message.indexOf('|', a + 1);
  const closes = message.slice(a + 1, b);
  return { seq: Number(message.slice(0, a)), closes: closes === '*' ? 'all' : closes ? { userId: closes } : null, json: message.slice(b + 1) };
}

interface Attached {
  viewer: LiveViewer;
  /** Frames held while the viewer's catch-up is written; null once it is live. */
  pending: LiveFrame[] | null;
  /** The last number written to this viewer: nothing at or below it is written again. */
  last: number;
}

interface ShowState {
  attached: Set<Attached>;
  /** The next number to pass on; null until the subscription is up and the newest number read. */
  next: number | null;
  ready: Promise<void>;
  /** Frames that came before `next` was known, or ahead of a missing one. */
  early: LiveFrame[];
  held: Map<number, LiveFrame>;
  gapTimer: NodeJS.Timeout | null;
  /** Viewers on their way in: the state is not dropped under them. */
  joining: number;
  /** The database round of the count (the viewers stored, lost events read) is under way. */
  storing: boolean;
  unsubscribe: (() => Promise<void>) | null;
  lastCount: number;
}

/**
 * The live shows' fan-out in one instance (docs/live.md, Realtime): one channel subscription
 * per show with viewers here, events passed on strictly in their order (one that comes ahead
 * of a missing one waits `GAP_WAIT_MS`, then the missing ones are read from the database), each
 * written once as text and the same text written to every viewer. A viewer joins at a number:
 * what they missed is read from the database while newer events are held for them.
 */
export function liveHub(deps: LiveHubDeps) {
  const shows = new Map<string, ShowState>();
  let closed = false;

  const closesViewer = (f: LiveFrame, viewer: LiveViewer) => f.closes === 'all' || (f.closes !== null && f.closes.userId === viewer.userId);

  function emit(state: ShowState, frame: LiveFrame) {
    const text = eventText(frame);
    for (const a of state.attached) {
      if (a.pending) a.pending.push(frame);
      else if (frame.seq > a.last) {
        a.viewer.write(text);
        a.last = frame.seq;
      }
    }
    if (frame.closes) for (const a of [...state.attached]) if (!a.pending && closesViewer(frame, a.viewer)) a.viewer.close();
  }

  function deliver(showId: string, state: ShowState, frame: LiveFrame) {
    if (state.next === null) {
      state.early.push(frame);
      return;
    }
    if (frame.seq < state.next) return;
    if (frame.seq > state.next) {
      state.held.set(frame.seq, frame);
      state.gapTimer ??= setTimeout(() => void fillGap(showId, state), GAP_WAIT_MS);
      return;
    }
    emit(state, frame);
    state.next++;
    for (let f = state.held.get(state.next); f; f = state.held.get(state.next)) {
      state.held.delete(state.next);
      emit(state, f);
      state.next++;
    }
    if (state.held.size === 0 && state.gapTimer) {
      clearTimeout(state.gapTimer);
      state.gapTimer = null;
    }
  }

  /**
   * Reads what never came over the channel (or came late) and passes it on in order. What the
   * database answers it has not got is not coming (it never will: numbers are taken under a
   * lock, so a later one exists only once every earlier one committed); a read that fails is
   * tried again, never skipped.
   */
  async function fillGap(showId: string, state: ShowState, retryMs = GAP_WAIT_MS) {
    state.gapTimer = null;
    if (state.held.size === 0 || state.next === null) return;
    const first = Math.min(...state.held.keys());
    let missing: LiveFrame[];
    try {
      missing = await deps.catchUp(showId, state.next - 1, first - state.next, first - 1);
    } catch (err) {
      deps.log.warn({ err, showId }, 'live events missing from the channel could not be read: trying again');
      state.gapTimer ??= setTimeout(() => void fillGap(showId, state, Math.min(retryMs * 2, 5_000)), retryMs);
      return;
    }
    for (const f of missing) deliver(showId, state, f);
    if (state.next < first && state.held.size > 0) {
      deps.log.warn({ showId, from: state.next, to: first - 1 }, 'live events skipped');
      state.next = first;
      const f = state.held.get(first);
      if (f) {
        state.held.delete(first);
        deliver(showId, state, f);
      }
    }
    if (state.held.size > 0) state.gapTimer ??= setTimeout(() => void fillGap(showId, state), GAP_WAIT_MS);
  }

  /** Passes on what was stored but never came over the channel (a publish lost before a quiet spell, such as the end). */
  async function catchUpTo(showId: string, state: ShowState, stored: number) {
    if (state.next === null || stored < state.next || state.held.size > 0) return;
    for (const f of await deps.catchUp(showId, state.next - 1, stored - state.next + 1, stored)) deliver(showId, state, f);
  }

  function stateOf(showId: string): ShowState {
    const existing = shows.get(showId);
    if (existing) return existing;
    const state: ShowState = { attached: new Set(), next: null, ready: Promise.resolve(), early: [], held: new Map(), gapTimer: null, joining: 0, storing: false, unsubscribe: null, lastCount: -1 };
    state.ready = (async () => {
      state.unsubscribe = await deps.channel.subscribe(showId, (message) => deliver(showId, state, decodeFrame(message)));
      state.next = (await deps.lastSeq(showId)) + 1;
      const early = state.early.sort((x, y) => x.seq - y.seq);
      state.early = [];
      for (const f of early) deliver(showId, state, f);
    })();
    shows.set(showId, state);
    // a failed start is forgotten (and its subscription, if it was made, undone) so the next viewer tries again
    state.ready.catch(() => {
      if (shows.get(showId) === state) shows.delete(showId);
      void state.unsubscribe?.().catch(() => undefined);
    });
    return state;
  }

  async function drop(showId: string, state: ShowState) {
    if (shows.get(showId) !== state) return;
    shows.delete(showId);
    if (state.gapTimer) clearTimeout(state.gapTimer);
    await state.unsubscribe?.().catch((err: unknown) => deps.log.warn({ err, showId }, 'live channel unsubscribe failed'));
  }

  /**
   * The database side of a count round, not awaited by the round: a busy database must not stop
   * this instance refreshing its count in Redis, or the others would count its viewers as gone.
   */
  function store(showId: string, state: ShowState, total: number) {
    if (state.storing) return;
    state.storing = true;
    void (async () => {
      try {
        // written every round, not only on a change: it also says the show is being watched
        await deps.onCount(showId, total);
        await catchUpTo(showId, state, await deps.lastSeq(showId));
      } catch (err) {
        deps.log.warn({ err, showId }, 'live viewers not stored');
      } finally {
        state.storing = false;
      }
    })();
  }

  async function count() {
    for (const [showId, state] of shows) {
      if (state.next === null) continue;
      try {
        const total = await deps.counts.report(showId, state.attached.size);
        if (total !== state.lastCount) {
          state.lastCount = total;
          const text = frameText('viewers', { count: total });
          for (const a of state.attached) if (!a.pending) a.viewer.write(text);
        }
        store(showId, state, total);
      } catch (err) {
        deps.log.warn({ err, showId }, 'live viewers not counted');
      }
      if (state.attached.size === 0 && state.joining === 0) await drop(showId, state);
    }
  }

  let counting = false;
  const timer = setInterval(() => {
    if (counting) return;
    counting = true;
    void count().finally(() => {
      counting = false;
    });
  }, deps.countEveryMs);
  timer.unref();

  return {
    /**
     * Opens a viewer's stream at `after`: a `hello` with the newest number and the server's time,
     * the events they missed, then every new one as it comes. Answers how to detach.
     */
    async attach(showId: string, viewer: LiveViewer, after: number): Promise<() => void> {
      if (closed) throw new Error('the live hub is closed');
      const state = stateOf(showId);
      state.joining++;
      const entry: Attached = { viewer, pending: [], last: after };
      try {
        await state.ready;
        state.attached.add(entry);
      } finally {
        state.joining--;
      }
      const detach = () => {
        state.attached.delete(entry);
      };
      try {
        viewer.write(frameText('hello', { lastSeq: (state.next ?? 1) - 1, now: Date.now() }));
        // one more than a catch-up sends: a viewer exactly that far behind still catches up
        const missed = await deps.catchUp(showId, after, deps.catchUpLimit + 1);
        if (missed.length > deps.catchUpLimit) {
          entry.pending = null;
          viewer.write(frameText('reset', {}));
          viewer.close();
          return detach;
        }
        const held = entry.pending ?? [];
        entry.pending = null;
        let closing = false;
        for (const f of [...missed, ...held]) {
          if (f.seq <= entry.last) continue;
          viewer.write(eventText(f));
          entry.last = f.seq;
          closing ||= closesViewer(f, viewer);
        }
        if (state.lastCount >= 0) viewer.write(frameText('viewers', { count: state.lastCount }));
        if (closing) viewer.close();
      } catch (err) {
        detach();
        throw err;
      }
      return detach;
    },

    /** Sends a stored event to every instance's viewers (after its transaction committed). */
    async publish(showId: string, frame: LiveFrame): Promise<void> {
      await deps.channel.publish(showId, encodeFrame(frame));
    },

    /** Viewers of a show on this instance. */
    localViewers: (showId: string) => shows.get(showId)?.attached.size ?? 0,

    async close() {
      closed = true;
      clearInterval(timer);
      for (const [showId, state] of [...shows]) {
        for (const a of [...state.attached]) a.viewer.close();
        await drop(showId, state);
      }
      await deps.channel.close();
    },
  };
}

export type LiveHub = ReturnType<typeof liveHub>;
