import { calls, type LiveEvent } from '@starlit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { buildUser } from '../../../test/factories.ts';
import { listen, liveKey, liveOwner, openShow, startShow } from '../../../test/live.ts';
import { startTestInstances } from '../../../test/server.ts';

const c = calls.live;

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('a show across two instances', () => {
  let pair: Awaited<ReturnType<typeof startTestInstances>>;
  let addresses: string[];
  beforeAll(async () => {
    pair = await startTestInstances(2);
    addresses = [await listen(pair.instances[0]), await listen(pair.instances[1])];
  });
  afterAll(async () => {
    await pair?.close();
  });

  it('reaches viewers on both in one order, counts them together, and ends on both', async () => {
    const [a, b] = pair.instances;
    const o = await liveOwner(a);
    const show = await startShow(a, o);
    const fans = [await buildUser(a), await buildUser(b)];
    const onA = await openShow(addresses[0], show.id, { as: fans[0] });
    const onB = await openShow(addresses[1], show.id);
    const onB2 = await openShow(addresses[1], show.id);
    // messages sent to both instances at once are numbered once and seen in one order everywhere
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).ok(c.chat, { showId: show.id, text: `m${i}`, clientId: liveKey() }, { as: fans[i % 2] })));
    const chatsOf = (events: LiveEvent[]) => events.filter((e) => e.kind === 'chat');
    const seen = await Promise.all([onA, onB, onB2].map((s) => s.until((es) => chatsOf(es).length === 20)));
    const orders = seen.map((es) => chatsOf(es).map((e) => e.seq));
    expect(orders[1]).toEqual(orders[0]);
    expect(orders[2]).toEqual(orders[0]);
    expect(orders[0]).toEqual([...orders[0]].sort((x, y) => x - y));
    const counted = await eventually(
      () => b.ok(c.get, { showId: show.id }),
      (s) => s.viewers === 3,
      100,
    );
    expect(counted.viewers).toBe(3);
    await a.ok(c.end, { showId: show.id }, { as: o.owner });
    await eventually(
      async () => [onA, onB, onB2].every((s) => s.ended()),
      (done) => done,
    );
    const ended = await b.ok(c.get, { showId: show.id });
    expect(ended.summary).toMatchObject({ peakViewers: 3, messages: 20 });
  });
});
