import { calls, ErrorCode, type Creation } from '@starlit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { buildUser } from '../../../test/factories.ts';
import { tempDirs } from '../../../test/job-beds.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { creations } from '../../db/schema/creation.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';

// "Make the same style" (SPEC §4): a work's settings with my own description, costing its
// production price plus the author's fee, the fee paid to the author only when it is done.

const c = calls.creation;
const dirs = tempDirs('starlit-same-style-');
let t: TestServer;
beforeAll(async () => {
  // a short pause before each creation draws, so a cancel lands while it is generating
  t = await startTestServer({ DATA_DIR: await dirs.make(), CREATION_DELAY_MS: '2000' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await dirs.cleanup();
});

let keys = 0;
const newKey = () => `ss_${Date.now().toString(36)}_${keys++}`;
const grant = (user: SignedIn, currency: 'JE' | 'CAC', amount: number) =>
  t.starlit.services.ledger.within(undefined, (books) => books.move({ from: { system: 'bonus' }, to: { user: user.userId }, currency, amount, kind: 'bonus' }));
const balances = (as: SignedIn) => t.ok(calls.ledger.balances, {}, { as });
const ended = (as: SignedIn, id: string) =>
  eventually(
    () => t.ok(c.get, { id }, { as }),
    (r: Creation) => r.state !== 'generating',
    50,
  );

/** A published text2Img work of `author`'s, with `fee` diamonds for the same style. */
async function publishedWork(author: SignedIn, fee: number, isPublic = true) {
  await grant(author, 'CAC', 1);
  const made = await t.ok(c.create, { workflow: 'text2Img', description: 'a lighthouse under the northern lights', style: 'watercolor', ratio: '16:9', key: newKey() }, { as: author });
  await ended(author, made.id);
  const published = await t.ok(c.publish, { id: made.id, name: 'Northern light', sameStyleFee: fee, isPublic }, { as: author });
  return published.workId!;
}

describe('make the same style', () => {
  it('charges the price and the fee, pays the author when done, and keeps the style with my words', async () => {
    const [author, maker] = [await buildUser(t), await buildUser(t)];
    const workId = await publishedWork(author, 3);
    await grant(maker, 'CAC', 2);
    await grant(maker, 'JE', 8);
    expect(await t.ok(c.estimate, { workflow: 'text2Img', workId }, { as: maker })).toMatchObject({ fee: 3, charge: { currency: 'CAC', amount: 1 } });
    const authorBefore = (await balances(author)).JE;
    const made = await t.ok(c.sameStyle, { workId, description: 'a windmill at dawn', key: newKey() }, { as: maker });
    expect(made).toMatchObject({
      params: { workflow: 'text2Img', style: 'watercolor', ratio: '16:9', description: 'a windmill at dawn' },
      sameStyleOf: { workId, fee: 3 },
      cost: { currency: 'CAC', amount: 1 },
    });
    // held, not paid: the author has nothing yet
    expect(await balances(maker)).toMatchObject({ CAC: 1, JE: 5 });
    expect((await balances(author)).JE).toBe(authorBefore);
    expect(await ended(maker, made.id)).toMatchObject({ state: 'done' });
    expect((await balances(author)).JE).toBe(authorBefore + 3);
    expect(await balances(maker)).toMatchObject({ CAC: 1, JE: 5 });
    // both see it in their order records, in their language
    const earned = await t.ok(calls.records.list, { kind: 'same_style_fee' }, { as: author, lang: 'zh_TW' });
    expect(earned.items).toMatchObject([{ amount: 3, currency: 'JE', item: '收入：有人製作了「Northern light」的同款', orderId: made.id }]);
    const paid = await t.ok(calls.records.list, { kind: 'same_style_fee' }, { as: maker });
    expect(paid.items).toMatchObject([{ amount: -3, status: 'paid', item: "Author's fee for the same style as “Northern light”", orderId: made.id }]);
    // the same request again after the author took the work back answers what was done, charging nothing more
    const key = newKey();
    const second = await t.ok(c.sameStyle, { workId, description: 'a mill by a river', key }, { as: maker });
    await ended(maker, second.id);
    await t.ok(calls.works.unpublish, { id: workId }, { as: author });
    expect(await t.ok(c.sameStyle, { workId, description: 'a mill by a river', key }, { as: maker })).toMatchObject({ id: second.id, replayed: true });
    // made again once the work cannot be followed, it is the maker's own settings: no fee
    await grant(maker, 'CAC', 1);
    const again = await t.ok(c.retry, { id: second.id, key: newKey() }, { as: maker });
    expect(again).toMatchObject({ sameStyleOf: null, params: { style: 'watercolor', description: 'a mill by a river' } });
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('refunds the price and the fee when it does not finish, and the author gets nothing', async () => {
    const [author, maker] = [await buildUser(t), await buildUser(t)];
    const workId = await publishedWork(author, 4);
    await grant(maker, 'JE', 6);
    const authorBefore = (await balances(author)).JE;
    // no counts: the price is in diamonds too, 2 + 4
    const made = await t.ok(c.sameStyle, { workId, description: 'a harbour at night', key: newKey() }, { as: maker });
    expect(made.cost).toEqual({ currency: 'JE', amount: 2 });
    expect((await balances(maker)).JE).toBe(0);
    // a creation that ends without a result (here cancelled at once) releases both holds
    const [row] = await t.starlit.database.db.select().from(creations).where(eq(creations.id, made.id));
    expect(await t.ok(c.cancel, { id: made.id }, { as: maker })).toMatchObject({ state: 'cancelled' });
    expect((await balances(maker)).JE).toBe(6);
    expect((await balances(author)).JE).toBe(authorBefore);
    const feeSettling = await t.starlit.database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.resolves, row!.feeHoldId!));
    expect(feeSettling.map((s) => s.status)).toEqual(['void']);
    // the maker's records show the fee refunded
    const records = await t.ok(calls.records.list, { kind: 'same_style_fee' }, { as: maker });
    expect(records.items.map((r) => [r.status, r.amount])).toEqual([
      ['refund', 4],
      ['refunded', -4],
    ]);
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('is "Insufficient balance" when the fee cannot be paid, charges no fee on my own work, and refuses what it cannot follow', async () => {
    const [author, maker, stranger] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const workId = await publishedWork(author, 3);
    await grant(maker, 'CAC', 1);
    await grant(maker, 'JE', 2);
    expect((await t.call(c.sameStyle, { workId, description: 'a mill', key: newKey() }, { as: maker })).body.code).toBe(ErrorCode.LEDGER_INSUFFICIENT);
    expect(await balances(maker)).toMatchObject({ CAC: 1, JE: 2 });
    // the author's own work: no fee to themselves
    await grant(author, 'CAC', 1);
    const own = await t.ok(c.sameStyle, { workId, description: 'my own again', key: newKey() }, { as: author });
    expect(own.sameStyleOf).toEqual({ workId, fee: 0 });
    expect(await t.ok(c.estimate, { workflow: 'text2Img', workId }, { as: author })).toMatchObject({ fee: 0 });
    // a private work is not found for others; a work not made in the studio cannot be followed
    const hidden = await publishedWork(author, 1, false);
    expect((await t.call(c.sameStyle, { workId: hidden, description: 'x', key: newKey() }, { as: stranger })).body.code).toBe(ErrorCode.WORK_NOT_FOUND);
    const post = await t.ok(calls.works.create, { description: 'just words', name: 'Words', category: 'Living' }, { as: stranger });
    await t.ok(calls.works.publish, { id: post.id }, { as: stranger });
    expect((await t.call(c.sameStyle, { workId: post.id, description: 'x', key: newKey() }, { as: maker, lang: 'zh_TW' })).body).toMatchObject({
      code: ErrorCode.CREATION_NO_SAME_STYLE,
      message: '此作品無法製作同款',
    });
    // someone who blocked the author (or was blocked) cannot
    await t.ok(calls.social.block, { userId: author.userId }, { as: stranger });
    expect((await t.call(c.sameStyle, { workId, description: 'x', key: newKey() }, { as: stranger })).body.code).toBe(ErrorCode.SOCIAL_BLOCKED);
    expect((await t.call(c.sameStyle, { workId, description: 'x', key: newKey() })).status).toBe(401);
  });
});
