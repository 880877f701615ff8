import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLiveChannel, memoryViewerCounts } from './live-channel.ts';
import { encodeFrame, GAP_WAIT_MS, liveHub, type LiveFrame, type LiveViewer } from './live-hub.ts';

const frame = (seq: number, closes: LiveFrame['closes'] = null): LiveFrame => ({ seq, closes, json: JSON.stringify({ seq, kind: 'chat' }) });
const seqsOf = (text: string) => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A hub over an in-memory channel, with `stored` as the database's events. */
function bed(stored: LiveFrame[], options: { failReads?: number; countEveryMs?: number } = {}) {
  const channel = memoryLiveChannel();
  let failReads = options.failReads ?? 0;
  const hub = liveHub({
    channel,
    counts: memoryViewerCounts(),
    catchUp: async (_showId, after, limit, through) => {
      if (through !== undefined && failReads-- > 0) throw new Error('the database is away');
      return stored.filter((f) => f.seq > after && (through === undefined || f.seq <= through)).slice(0, limit);
    },
    lastSeq: async () => stored.length,
    onCount: async () => undefined,
    log: pino({ level: 'silent' }),
    catchUpLimit: 100,
    countEveryMs: options.countEveryMs ?? 60_000,
  });
  const viewer = (userId: string | null = null) => {
    const v: LiveViewer & { text: string; closed: boolean } = {
      text: '',
      closed: false,
      userId,
      write(chunk) {
        v.text += chunk;
      },
      close() {
        v.closed = true;
      },
    };
    return v;
  };
  // what an instance does after a commit: the event is stored, then sent over the channel
  const send = async (f: LiveFrame) => channel.publish('show', encodeFrame(f));
  return { hub, viewer, send, stored };
}

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
});

describe('the live hub', () => {
  it('passes events on in their order when they come out of order', async () => {
    const b = bed([frame(1), frame(2)]);
    close = b.hub.close;
    const v = b.viewer();
    await b.hub.attach('show', v, 0);
    b.stored.push(frame(3), frame(4), frame(5));
    await b.send(frame(4));
    await b.send(frame(5));
    await b.send(frame(3));
    expect(seqsOf(v.text)).toEqual([1, 2, 3, 4, 5]);
  });

  it('reads an event the channel lost from the database after a short wait', async () => {
    const b = bed([]);
    close = b.hub.close;
    const v = b.viewer();
    await b.hub.attach('show', v, 0);
    b.stored.push(frame(1), frame(2));
    await b.send(frame(2));
    expect(seqsOf(v.text)).toEqual([]);
    await sleep(GAP_WAIT_MS * 3);
    expect(seqsOf(v.text)).toEqual([1, 2]);
  });

  it('catches a viewer up from their number and never sends an event twice', async () => {
    const b = bed([frame(1), frame(2), frame(3)]);
    close = b.hub.close;
    const first = b.viewer();
    await b.hub.attach('show', first, 0);
    const late = b.viewer();
    const attaching = b.hub.attach('show', late, 1);
    b.stored.push(frame(4));
    await b.send(frame(4));
    await attaching;
    expect(seqsOf(late.text)).toEqual([2, 3, 4]);
    expect(seqsOf(first.text)).toEqual([1, 2, 3, 4]);
  });

  it('ends a removed viewer’s stream and everyone’s at the end of the show', async () => {
    const b = bed([]);
    close = b.hub.close;
    const [kept, removed] = [b.viewer('u1'), b.viewer('u2')];
    await b.hub.attach('show', kept, 0);
    await b.hub.attach('show', removed, 0);
    b.stored.push(frame(1, { userId: 'u2' }));
    await b.send(b.stored[0]);
    expect([kept.closed, removed.closed]).toEqual([false, true]);
    b.stored.push(frame(2, 'all'));
    await b.send(b.stored[1]);
    expect(kept.closed).toBe(true);
    expect(seqsOf(kept.text)).toEqual([1, 2]);
  });

  it('never writes an event twice to a viewer who came in while a gap was held', async () => {
    const b = bed([frame(1)]);
    close = b.hub.close;
    const first = b.viewer();
    await b.hub.attach('show', first, 0);
    b.stored.push(frame(2), frame(3));
    await b.send(frame(3));
    const late = b.viewer();
    await b.hub.attach('show', late, 1);
    await sleep(GAP_WAIT_MS * 3);
    expect(seqsOf(late.text)).toEqual([2, 3]);
    expect(seqsOf(first.text)).toEqual([1, 2, 3]);
  });

  it('tries a failed read of missing events again instead of skipping them', async () => {
    const b = bed([], { failReads: 2 });
    close = b.hub.close;
    const v = b.viewer();
    await b.hub.attach('show', v, 0);
    b.stored.push(frame(1), frame(2));
    await b.send(frame(2));
    await sleep(GAP_WAIT_MS * 8);
    expect(seqsOf(v.text)).toEqual([1, 2]);
  });

  it('passes on a stored event whose publish was lost, even when nothing follows it', async () => {
    const b = bed([], { countEveryMs: 50 });
    close = b.hub.close;
    const v = b.viewer();
    await b.hub.attach('show', v, 0);
    b.stored.push(frame(1, 'all'));
    await sleep(300);
    expect(seqsOf(v.text)).toEqual([1]);
    expect(v.closed).toBe(true);
  });

  it('ends a viewer at once whose catch-up holds their removal', async () => {
    const b = bed([frame(1), frame(2, { userId: 'u9' })]);
    close = b.hub.close;
    const v = b.viewer('u9');
    await b.hub.attach('show', v, 0);
    expect(v.closed).toBe(true);
  });

  it('tells a viewer too far behind to read the show again', async () => {
    const b = bed(Array.from({ length: 150 }, (_, i) => frame(i + 1)));
    close = b.hub.close;
    const v = b.viewer();
    await b.hub.attach('show', v, 0);
    expect(v.text).toContain('event: reset');
    expect(v.closed).toBe(true);
    // exactly as far behind as a catch-up sends is not too far
    const near = b.viewer();
    await b.hub.attach('show', near, 50);
    expect(seqsOf(near.text)).toHaveLength(100);
    expect(near.closed).toBe(false);
  });
});
