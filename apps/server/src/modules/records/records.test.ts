import { calls, RECHARGE_AGREEMENT_VERSION, RECORDS_CSV_PATH, type CallOutput } from '@starlit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildAgent, buildUser } from '../../../test/factories.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';

let t: TestServer;
let admin: SignedIn;
beforeAll(async () => {
  t = await startTestServer();
  admin = await buildAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const c = calls.records;
type Page = CallOutput<typeof c.list>;
let keys = 0;
const newKey = () => `rk_${Date.now().toString(36)}_${keys++}`;
const ledger = () => t.starlit.services.ledger;

/** Every row of a person's records, read page by page. */
async function allPages(as: SignedIn, input: { kind?: Parameters<typeof t.ok<typeof c.list>>[1]['kind']; limit: number }, lang?: string) {
  const rows: Page['items'] = [];
  let cursor: string | undefined;
  do {
    const page: Page = await t.ok(c.list, { ...input, cursor }, { as, lang });
    rows.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return rows;
}

/** The CSV download as the browser gets it. */
async function csv(as: SignedIn | null, body: unknown = {}, lang = 'en_US') {
  return t.starlit.app.inject({
    method: 'POST',
    url: RECORDS_CSV_PATH,
    headers: { 'content-type': 'application/json', 'x-lang': lang, ...(as ? { token: as.token } : {}) },
    payload: JSON.stringify(body),
  });
}

/**
 * A person with one movement of every kind: a recharge with its bonus (demo provider), a
 * redeemed code, an exchange and an admin's adjustment through their calls, and the kinds other
 * slices write (store, skill, voice, gift, gift share, check-in, coupon) with the memo shapes
 * of the records convention.
 */
async function busyPerson() {
  const [user, other] = await Promise.all([buildUser(t), buildUser(t)]);
  const agent = await buildAgent(t, { owner: other, nickname: 'Luna' });
  const order = await t.ok(calls.recharge.create, { packageId: 'p300', agreementVersion: RECHARGE_AGREEMENT_VERSION, adult: true, requestKey: newKey() }, { as: user });
  const { codes } = await t.ok(calls.redeem.createBatch, { currency: 'CAC', value: 7, count: 1, usesPerCode: 1, expiresAt: new Date(Date.now() + 3600_000).toISOString() }, { as: admin });
  await t.ok(calls.redeem.redeem, { code: codes[0] }, { as: user });
  await t.ok(calls.exchange.exchange, { target: 'CWA', diamonds: 5, key: newKey() }, { as: user });
  await t.ok(calls.economyAdmin.adjust, { userId: user.userId, currency: 'MSS', amount: 40, reason: 'Welcome, "friend", =1+1', key: newKey() }, { as: admin });
  const me = { user: user.userId };
  await ledger().within(undefined, (books) =>
    books.move(
      {
        from: me,
        to: { system: 'store_revenue' },
        currency: 'JE',
        amount: 20,
        kind: 'store_purchase',
        memo: { orderId: 'store-order-1', itemId: 'dress', name: { en: 'Starry dress', zhTW: '星空洋裝' } },
      },
      { from: me, to: { system: 'store_revenue' }, currency: 'JE', amount: 12, kind: 'skill_purchase', memo: { agentId: agent.id, agentName: 'Luna', skill: 'TextToImage', days: 30 } },
      { from: me, to: { system: 'store_revenue' }, currency: 'JE', amount: 8, kind: 'voice_purchase', memo: { voiceId: 'v1', name: 'Aurora' } },
      { from: me, to: { system: 'gift_revenue' }, currency: 'JE', amount: 10, kind: 'gift', memo: { giftId: 'g1', giftKey: 'rose', agentId: agent.id, agentName: 'Luna' } },
      { from: { system: 'gift_revenue' }, to: me, currency: 'JE', amount: 3, kind: 'gift_share', memo: { giftId: 'g2', giftKey: 'firework', agentId: agent.id, agentName: 'Luna' } },
      { from: { system: 'bonus' }, to: me, currency: 'MSS', amount: 10, kind: 'checkin', memo: { day: '2026-11-24' } },
      { from: { system: 'bonus' }, to: me, currency: 'JE', amount: 6, kind: 'coupon', memo: { couponId: 'k1', orderId: order.order.orderId } },
    ),
  );
  return { user, other, orderId: order.order.orderId };
}

describe('order records', () => {
  it('lists every movement of the person, newest first, with item, type, currency, signed amount, time at UTC+8 and order ID', async () => {
    const { user, other, orderId } = await busyPerson();
    const rows = await allPages(user, { limit: 100 });
    // recharge + bonus, redeem, exchange (two legs), adjustment, and seven written directly
    expect(rows).toHaveLength(13);
    const at = rows.map((r) => r.at);
    expect(at).toEqual([...at].sort().reverse());
    const byKind = (kind: string) => rows.filter((r) => r.kind === kind);
    expect(byKind('recharge')).toEqual([expect.objectContaining({ type: 'Recharge', item: 'Diamond package p300', currency: 'JE', amount: 300, orderId })]);
    expect(byKind('recharge_bonus')[0]).toMatchObject({ amount: 30, orderId });
    expect(byKind('redeem')[0]).toMatchObject({ currency: 'CAC', amount: 7, item: 'Redeemed a code' });
    expect(byKind('exchange').map((r) => [r.currency, r.amount, r.item])).toEqual(
      expect.arrayContaining([
        ['JE', -5, 'Diamonds exchanged'],
        ['CWA', 50, 'Compute power from an exchange'],
      ]),
    );
    // one request, one order: both legs of the exchange name it
    expect(new Set(byKind('exchange').map((r) => r.orderId)).size).toBe(1);
    expect(byKind('adjustment')[0]).toMatchObject({ currency: 'MSS', amount: 40, item: 'Adjusted by an admin: Welcome, "friend", =1+1' });
    expect(byKind('store_purchase')[0]).toMatchObject({ amount: -20, item: 'Store: Starry dress', orderId: 'store-order-1' });
    expect(byKind('skill_purchase')[0].item).toBe('Text to image skill for Luna, 30 days');
    expect(byKind('voice_purchase')[0].item).toBe('Voice: Aurora');
    expect(byKind('gift')[0]).toMatchObject({ amount: -10, item: 'Rose sent to Luna' });
    expect(byKind('gift_share')[0]).toMatchObject({ amount: 3, item: 'Your share of a firework sent to Luna' });
    expect(byKind('checkin')[0].item).toBe('Daily check-in, 2026-11-24');
    expect(byKind('coupon')[0]).toMatchObject({ item: 'Starter pack coupon', orderId });
    for (const r of rows) {
      expect(r.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      const utc8 = new Date(new Date(r.at).getTime() + 8 * 3600_000).toISOString();
      expect(r.time).toBe(`${utc8.slice(0, 10)} ${utc8.slice(11, 16)}`);
    }
    // the sums of the records are the balances
    const sums = { JE: 0, CAC: 0, CWA: 0, MSS: 0 };
    for (const r of rows) sums[r.currency as keyof typeof sums] += r.amount;
    expect(await t.ok(calls.ledger.balances, {}, { as: user })).toEqual(sums);
    // the other person received nothing of this and sees none of it
    expect((await t.ok(c.list, {}, { as: other })).items).toEqual([]);
    expect(await ledger().violations()).toEqual([]);
  });

  it("writes items and types in the reader's language", async () => {
    const { user } = await busyPerson();
    const rows = await allPages(user, { limit: 50 }, 'zh_TW');
    const item = (kind: string) => rows.find((r) => r.kind === kind);
    expect(item('recharge')).toMatchObject({ type: '儲值', item: '鑽石方案 p300' });
    expect(item('store_purchase')?.item).toBe('商城：星空洋裝');
    expect(item('gift')?.item).toBe('送給 Luna 的玫瑰');
    expect(item('skill_purchase')?.item).toBe('Luna 的「文生圖」技能，30 天');
  });

  it('pages with a cursor without losing or repeating a row, and filters by type', async () => {
    const { user } = await busyPerson();
    const all = await allPages(user, { limit: 100 });
    const paged = await allPages(user, { limit: 2 });
    expect(paged.map((r) => r.id)).toEqual(all.map((r) => r.id));
    const exchanges = await allPages(user, { kind: 'exchange', limit: 1 });
    expect(exchanges.map((r) => r.id)).toEqual(all.filter((r) => r.kind === 'exchange').map((r) => r.id));
    expect((await t.ok(c.list, { kind: 'gift_share' }, { as: user })).items).toHaveLength(1);
    expect((await t.call(c.list, { kind: 'nonsense' } as never, { as: user })).body.code).not.toBe(0);
    expect((await t.call(c.list, { cursor: 'made-up' }, { as: user })).body.code).not.toBe(0);
  });

  it("keeps records to their person: a visitor is refused, admins read anyone's with the admin call", async () => {
    const { user, other } = await busyPerson();
    expect((await t.call(c.list, {})).status).toBe(401);
    expect((await t.call(c.userList, { userId: user.userId })).status).toBe(401);
    expect((await t.call(c.userList, { userId: user.userId }, { as: other })).status).toBe(403);
    expect((await t.call(c.userList, { userId: user.userId }, { as: user })).status).toBe(403);
    const asAdmin = await t.ok(c.userList, { userId: user.userId, limit: 100 }, { as: admin });
    expect(asAdmin.items.map((r) => r.id)).toEqual((await allPages(user, { limit: 100 })).map((r) => r.id));
    // an admin's own records are their own: the adjustment they made moved nothing of theirs
    expect((await t.ok(c.list, { kind: 'adjustment' }, { as: admin })).items).toEqual([]);
  });

  it('downloads the records as a CSV file: BOM, header, quoted cells, formulas made plain, times at UTC+8', async () => {
    const { user } = await busyPerson();
    expect((await csv(null)).statusCode).toBe(401);
    const res = await csv(user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="starlit-records-all-\d{4}-\d{2}-\d{2}\.csv"$/);
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFFTime (UTC+8),Type,Item,Currency,Amount,Order ID\r\n')).toBe(true);
    const lines = body.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(14);
    expect(lines.filter((l) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2},Store purchase,Store: Starry dress,JE,-20,store-order-1$/.test(l))).toHaveLength(1);
    // an admin's reason with quotes and a comma is one quoted cell
    expect(body).toContain(',Adjustment,"Adjusted by an admin: Welcome, ""friend"", =1+1",MSS,40,');
    const zh = (await csv(user, { kind: 'gift' }, 'zh_TW')).rawPayload.toString('utf8');
    expect(zh.split('\r\n')[0]).toBe('\uFEFF時間（UTC+8）,類型,項目,幣別,數量,訂單編號');
    expect(zh).toContain(',送出禮物,送給 Luna 的玫瑰,JE,-10,');
    expect(zh.trimEnd().split('\r\n')).toHaveLength(2);
    expect((await csv(user, { kind: 'nonsense' })).json()).toMatchObject({ code: expect.any(Number) });
  });
});
