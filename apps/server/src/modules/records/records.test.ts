import { calls, RECHARGE_AGREEMENT_VERSION, RECORDS_CSV_PATH, type CallOutput } from '@starlit/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildAgent, buildUser } from '../../../test/factories.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { fingerprintOf, type Leg } from '../ledger/ledger.service.ts';

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
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['done']));
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
    expect(body.startsWith('\uFEFFTime (UTC+8),Type,Item,Currency,Amount,Order ID,Status\r\n')).toBe(true);
    const lines = body.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(14);
    expect(lines.filter((l) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2},Store purchase,Store: Starry dress,JE,-20,store-order-1,Completed$/.test(l))).toHaveLength(1);
    // an admin's reason with quotes and a comma is one quoted cell
    expect(body).toContain(',Adjustment,"Adjusted by an admin: Welcome, ""friend"", =1+1",MSS,40,');
    const zh = (await csv(user, { kind: 'gift' }, 'zh_TW')).rawPayload.toString('utf8');
    expect(zh.split('\r\n')[0]).toBe('\uFEFF時間（UTC+8）,類型,項目,幣別,數量,訂單編號,狀態');
    expect(zh).toMatch(/,送出禮物,送給 Luna 的玫瑰,JE,-10,[0-9a-f-]{36},已完成\r\n/);
    expect(zh.trimEnd().split('\r\n')).toHaveLength(2);
    expect((await csv(user, { kind: 'nonsense' })).json()).toMatchObject({ code: expect.any(Number) });
  });
});

/**
 * A person's creation counts and four holds on them, made and settled through the ledger as
 * the creation studio does (held in a request under a key, settled by the system outside one):
 * A posted, B voided (a refund), C posted in part (2 of 5, the rest released), D still held.
 * Then two holds paying the person, E still pending and F posted.
 */
async function holdingPerson() {
  const user = await buildUser(t);
  const me = { user: user.userId };
  const creation = (workflow: string, amount: number, memo: Record<string, unknown> = {}): Leg => ({
    from: me,
    to: { system: 'generation_fees' },
    currency: 'CAC',
    amount,
    kind: 'creation',
    memo: { workflow, ...memo },
  });
  const hold = async (leg: Leg) => (await ledger().run(user.userId, newKey(), fingerprintOf('test.hold', leg), async (books) => (await books.hold(leg)).id)).outcome;
  const grant = await ledger().within(undefined, (books) => books.move({ from: { system: 'bonus' }, to: me, currency: 'CAC', amount: 20, kind: 'redeem', memo: { codeId: 'c1' } }));
  const a = await hold(creation('text2Img', 2, { creationId: 'cre-a', orderId: 'cre-a' }));
  const b = await hold(creation('text2Img', 3, { creationId: 'cre-b' }));
  const c = await hold(creation('img2Img', 5, { creationId: 'cre-c', orderId: 'cre-c' }));
  const d = await ledger().within(undefined, (books) => books.hold(creation('text2Music', 1, { creationId: 'cre-d', orderId: 'cre-d' })));
  const ends = await ledger().within(undefined, async (books) => ({ a: await books.post(a), b: await books.void(b), c: await books.post(c, 2) }));
  const paying: Leg = { from: { system: 'bonus' }, to: me, currency: 'MSS', amount: 7, kind: 'checkin', memo: { day: '2026-11-25' } };
  await ledger().within(undefined, (books) => books.hold(paying));
  const f = await ledger().within(undefined, async (books) => books.post((await books.hold(paying)).id));
  return { user, grant: grant[0], a, b, c, d: d.id, ends, f };
}

describe('holds in order records', () => {
  it('shows a hold as its charge from the moment it was taken, and a void or the rest of a post as a refund of the same order', async () => {
    const { user, grant, a, b, c, d, ends, f } = await holdingPerson();
    const requestOf = async (id: string) => (await t.starlit.database.db.execute<{ request_id: string }>(sql`select request_id from ledger_transfers where id = ${id}`)).rows[0].request_id;
    const rows = await allPages(user, { limit: 100 });
    const order = [...rows].sort((x, y) => (x.at === y.at ? (x.id < y.id ? 1 : -1) : x.at < y.at ? 1 : -1));
    expect(rows.map((r) => r.id)).toEqual(order.map((r) => r.id));
    const row = (id: string) => rows.find((r) => r.id === id);
    const creation = 'Creation';
    expect(row(a)).toMatchObject({ kind: 'creation', type: creation, item: 'Creation: Text to image', currency: 'CAC', amount: -2, status: 'paid', orderId: 'cre-a' });
    expect(row(b)).toMatchObject({ item: 'Creation: Text to image', amount: -3, status: 'refunded', orderId: await requestOf(b) });
    expect(row(ends.b.id)).toMatchObject({ kind: 'creation', type: creation, item: 'Refund · Creation: Text to image', currency: 'CAC', amount: 3, status: 'refund', orderId: await requestOf(b) });
    expect(row(c)).toMatchObject({ item: 'Creation: Image to image', amount: -5, status: 'paid', orderId: 'cre-c' });
    expect(row(ends.c.id)).toMatchObject({ item: 'Refund · Creation: Image to image', amount: 3, status: 'refund', orderId: 'cre-c' });
    expect(row(d)).toMatchObject({ item: 'Creation: Text to music', amount: -1, status: 'held', orderId: 'cre-d' });
    // a full post is no second charge; a hold paying the person counts once posted
    expect(row(ends.a.id)).toBeUndefined();
    expect(row(f.id)).toMatchObject({ kind: 'checkin', currency: 'MSS', amount: 7, status: 'done' });
    expect(row(grant.id)).toMatchObject({ amount: 20, status: 'done' });
    expect(rows).toHaveLength(8);
    // each at its own time: the charge when it was held, the refund when it was given back
    const transfers = await t.starlit.database.db.execute<{ id: string; created_at: string | Date }>(
      sql`select id, created_at from ledger_transfers where id in (${a}, ${b}, ${ends.b.id}, ${ends.c.id})`,
    );
    for (const tr of transfers.rows) expect(row(tr.id)?.at).toBe(new Date(tr.created_at).toISOString());
    expect(row(ends.b.id)!.at >= row(d)!.at).toBe(true);
    // the records add up to what the person can spend: 20 − 2 − 3 + 3 − 5 + 3 − 1 counts, 7 points
    const sums: Record<string, number> = {};
    for (const r of rows) sums[r.currency] = (sums[r.currency] ?? 0) + r.amount;
    expect(sums).toEqual({ CAC: 15, MSS: 7 });
    expect(await t.ok(calls.ledger.balances, {}, { as: user })).toMatchObject(sums);
    expect(await ledger().violations()).toEqual([]);

    const zh = await allPages(user, { limit: 100 }, 'zh_TW');
    expect(zh.find((r) => r.id === ends.b.id)).toMatchObject({ type: '創作', item: '退款・創作：文生圖', status: 'refund' });
    expect(zh.find((r) => r.id === d)).toMatchObject({ item: '創作：文生音樂', status: 'held' });
  });

  it('finds refunds under their kind, and pages by each row’s own time without losing or repeating one', async () => {
    const { user, b, ends } = await holdingPerson();
    const all = await allPages(user, { limit: 100 });
    for (const limit of [1, 2, 3]) expect((await allPages(user, { limit })).map((r) => r.id)).toEqual(all.map((r) => r.id));
    const creations = await allPages(user, { kind: 'creation', limit: 1 });
    expect(creations.map((r) => r.id)).toEqual(all.filter((r) => r.kind === 'creation').map((r) => r.id));
    expect(creations.map((r) => r.status).sort()).toEqual(['held', 'paid', 'paid', 'refund', 'refund', 'refunded']);
    expect(creations.map((r) => r.id)).toEqual(expect.arrayContaining([b, ends.b.id, ends.c.id]));
    expect((await allPages(user, { kind: 'redeem', limit: 5 })).map((r) => r.amount)).toEqual([20]);
    const asAdmin = await t.ok(c.userList, { userId: user.userId, kind: 'creation', limit: 100 }, { as: admin });
    expect(asAdmin.items.map((r) => [r.id, r.status])).toEqual(creations.map((r) => [r.id, r.status]));
  });

  it('writes each record’s status in the CSV, in both languages', async () => {
    const { user, ends } = await holdingPerson();
    const lines = (await csv(user, { kind: 'creation' })).rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Time (UTC+8),Type,Item,Currency,Amount,Order ID,Status');
    const cells = lines.slice(1).map((l) => l.split(','));
    expect(cells.map((l) => l.slice(1, 7).join(',')).sort()).toEqual(
      [
        `Creation,Creation: Image to image,CAC,-5,cre-c,Paid`,
        `Creation,Creation: Text to image,CAC,-2,cre-a,Paid`,
        `Creation,Creation: Text to image,CAC,-3,${cells.find((l) => l[2] === 'Refund · Creation: Text to image')?.[5]},Refunded`,
        `Creation,Creation: Text to music,CAC,-1,cre-d,Held`,
        `Creation,Refund · Creation: Image to image,CAC,3,cre-c,Refund`,
        `Creation,Refund · Creation: Text to image,CAC,3,${cells.find((l) => l[4] === '-3')?.[5]},Refund`,
      ].sort(),
    );
    // the voided hold's two rows are one order, named by the request that held it
    const voided = (await t.ok(c.list, { kind: 'creation', limit: 100 }, { as: user })).items.find((r) => r.id === ends.b.id);
    expect(cells.filter((l) => l[5] === voided?.orderId)).toHaveLength(2);
    const zh = (await csv(user, { kind: 'creation' }, 'zh_TW')).rawPayload.toString('utf8');
    expect(zh.split('\r\n')[0]).toBe('\uFEFF時間（UTC+8）,類型,項目,幣別,數量,訂單編號,狀態');
    expect(zh).toMatch(/,創作,退款・創作：圖生圖,CAC,3,cre-c,退款\r\n/);
    expect(zh).toMatch(/,創作,創作：圖生圖,CAC,-5,cre-c,已付款\r\n/);
    expect(zh).toMatch(/,創作,創作：文生圖,CAC,-3,[0-9a-f-]{36},已退款\r\n/);
    expect(zh).toMatch(/,創作,創作：文生音樂,CAC,-1,cre-d,預扣中\r\n/);
  });
});
