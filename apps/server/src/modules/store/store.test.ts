import { calls, ErrorCode } from '@starlit/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildStoreItem, buildUser, type StoreItemRow } from '../../../test/factories.ts';
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

const c = calls.store;
let keys = 0;
const newKey = () => `sk_${Date.now().toString(36)}_${keys++}`;
const grant = (user: SignedIn, amount: number, currency: 'JE' | 'MSS' = 'JE') =>
  t.starlit.services.ledger.within(undefined, (books) => books.move({ from: { system: 'bonus' }, to: { user: user.userId }, currency, amount, kind: 'bonus' }));
const balances = (as: SignedIn) => t.ok(calls.ledger.balances, {}, { as });
const items = (...rows: StoreItemRow[]) => rows.map((r) => r.id);
const owned = async (as: SignedIn) => (await t.ok(c.inventory, {}, { as })).items.map((i) => i.item.id).sort();
const purchaseTransfers = async (userId: string) =>
  (
    await t.starlit.database.db.execute<{ kind: string; amount: string; memo: Record<string, unknown> }>(
      sql`select t.kind, t.amount, t.memo from ledger_transfers t join ledger_accounts a on a.id = t.debit_account_id where a.user_id = ${userId} and t.kind = 'store_purchase'`,
    )
  ).rows;

// the store's opening is one row for the whole server: tests that close it run in order and open it again
describe.sequential('the store', () => {
  it('shows every item to a visitor and, signed in, which are owned', async () => {
    const [hoodie] = await Promise.all([buildStoreItem(t, { nameEn: 'Hoodie', descriptionEn: 'Warm', preview: null })]);
    const visitor = await t.ok(c.items, {});
    expect(visitor.open).toBe(true);
    expect(visitor.items.find((i) => i.id === hoodie.id)).toMatchObject({
      category: 'Clothing',
      name: { en: 'Hoodie', zhTW: '測試商品' },
      description: { en: 'Warm', zhTW: '' },
      price: 100,
      currency: 'JE',
      preview: null,
      owned: false,
    });
    const user = await buildUser(t);
    await grant(user, 100);
    await t.ok(c.buy, { itemIds: [hoodie.id], key: newKey() }, { as: user });
    expect((await t.ok(c.items, {}, { as: user })).items.find((i) => i.id === hoodie.id)?.owned).toBe(true);
    expect((await t.ok(c.items, {}, { as: admin })).items.find((i) => i.id === hoodie.id)?.owned).toBe(false);
  });

  it('keeps a cart per person: add, select, reset, remove, clear; visitors refused', async () => {
    const [a, b, m] = await Promise.all([buildStoreItem(t), buildStoreItem(t, { category: 'Music' }), buildStoreItem(t, { currency: 'MSS', price: 50 })]);
    const [user, other] = await Promise.all([buildUser(t), buildUser(t)]);
    for (const call of [c.cart, c.cartClear] as const) expect((await t.call(call, {})).status).toBe(401);
    expect((await t.call(c.cartAdd, { itemId: a.id })).status).toBe(401);
    await t.ok(c.cartAdd, { itemId: a.id }, { as: user });
    await t.ok(c.cartAdd, { itemId: b.id }, { as: user });
    const full = await t.ok(c.cartAdd, { itemId: m.id }, { as: user });
    expect(full.lines.map((l) => [l.item.id, l.selected])).toEqual([
      [a.id, true],
      [b.id, true],
      [m.id, true],
    ]);
    // another person's cart is their own
    expect((await t.ok(c.cart, {}, { as: other })).lines).toEqual([]);
    expect((await t.ok(c.cartSelect, { itemId: b.id, selected: false }, { as: user })).lines.map((l) => l.selected)).toEqual([true, false, true]);
    // reset deselects everything; select all selects everything
    expect((await t.ok(c.cartSelect, { selected: false }, { as: user })).lines.map((l) => l.selected)).toEqual([false, false, false]);
    expect((await t.ok(c.cartSelect, { selected: true }, { as: user })).lines.map((l) => l.selected)).toEqual([true, true, true]);
    // adding again is harmless and selects the line
    await t.ok(c.cartSelect, { itemId: a.id, selected: false }, { as: user });
    expect((await t.ok(c.cartAdd, { itemId: a.id }, { as: user })).lines).toHaveLength(3);
    expect((await t.ok(c.cart, {}, { as: user })).lines[0].selected).toBe(true);
    // another person selecting or removing touches only their own (empty) cart
    await t.ok(c.cartSelect, { itemId: a.id, selected: false }, { as: other });
    await t.ok(c.cartRemove, { itemId: a.id }, { as: other });
    expect((await t.ok(c.cart, {}, { as: user })).lines).toHaveLength(3);
    expect((await t.ok(c.cartRemove, { itemId: b.id }, { as: user })).lines.map((l) => l.item.id)).toEqual([a.id, m.id]);
    expect((await t.ok(c.cartClear, {}, { as: user })).lines).toEqual([]);
    expect((await t.call(c.cartAdd, { itemId: '00000000-0000-4000-8000-000000000000' }, { as: user })).body.code).toBe(ErrorCode.STORE_ITEM_NOT_FOUND);
  });

  it('buys several items in diamonds and points at once, one leg each to store revenue, and empties them from the cart', async () => {
    const [a, b, p] = await Promise.all([buildStoreItem(t, { price: 30 }), buildStoreItem(t, { price: 20, category: 'Scene' }), buildStoreItem(t, { price: 40, currency: 'MSS' })]);
    const [user, stays] = await Promise.all([buildUser(t), buildStoreItem(t)]);
    await Promise.all([grant(user, 60), grant(user, 50, 'MSS')]);
    for (const item of [a, b, p, stays]) await t.ok(c.cartAdd, { itemId: item.id }, { as: user });
    const order = await t.ok(c.buy, { itemIds: items(a, b, p), totals: { JE: 50, MSS: 40 }, key: newKey() }, { as: user });
    expect(order).toMatchObject({ totals: { JE: 50, MSS: 40 }, replayed: false });
    expect(order.items).toHaveLength(3);
    expect(await balances(user)).toMatchObject({ JE: 10, MSS: 10 });
    expect(await owned(user)).toEqual(items(a, b, p).sort());
    expect((await t.ok(c.cart, {}, { as: user })).lines.map((l) => l.item.id)).toEqual([stays.id]);
    const legs = await purchaseTransfers(user.userId);
    expect(legs).toHaveLength(3);
    expect(legs.map((l) => l.memo).sort((x, y) => String(x.itemId).localeCompare(String(y.itemId)))).toEqual(
      [a, b, p].map((i) => ({ orderId: order.orderId, itemId: i.id, name: { en: 'Test item', zhTW: '測試商品' } })).sort((x, y) => x.itemId.localeCompare(y.itemId)),
    );
    // owned: refused in the cart and at the till, with their own message
    const again = await t.call(c.cartAdd, { itemId: a.id }, { as: user });
    expect(again.body).toMatchObject({ code: ErrorCode.STORE_ALREADY_OWNED, message: 'You already own this item' });
    expect((await t.call(c.buy, { itemIds: [a.id], key: newKey() }, { as: user })).body.code).toBe(ErrorCode.STORE_ALREADY_OWNED);
    expect(await balances(user)).toMatchObject({ JE: 10, MSS: 10 });
    expect((await t.ok(c.inventory, { category: 'Scene' }, { as: user })).items.map((i) => i.item.id)).toEqual([b.id]);
    expect(await t.starlit.services.store.owns(user.userId, a.id)).toBe(true);
    expect(await t.starlit.services.store.owns(user.userId, stays.id)).toBe(false);
  });

  it('buys all or nothing: one item too expensive and nothing is bought, moved or taken from the cart', async () => {
    const [cheap, dear, pts] = await Promise.all([buildStoreItem(t, { price: 10 }), buildStoreItem(t, { price: 500 }), buildStoreItem(t, { price: 5, currency: 'MSS' })]);
    const user = await buildUser(t);
    await Promise.all([grant(user, 100), grant(user, 10, 'MSS')]);
    for (const item of [cheap, dear, pts]) await t.ok(c.cartAdd, { itemId: item.id }, { as: user });
    const short = await t.call(c.buy, { itemIds: items(cheap, dear, pts), key: newKey() }, { as: user });
    expect(short.body).toMatchObject({ code: ErrorCode.LEDGER_INSUFFICIENT, message: 'Insufficient balance' });
    const zh = await t.call(c.buy, { itemIds: items(cheap, dear, pts), key: newKey() }, { as: user, lang: 'zh_TW' });
    expect(zh.body).toMatchObject({ code: ErrorCode.LEDGER_INSUFFICIENT, message: '餘額不足' });
    expect(await balances(user)).toMatchObject({ JE: 100, MSS: 10 });
    expect(await owned(user)).toEqual([]);
    expect((await t.ok(c.cart, {}, { as: user })).lines).toHaveLength(3);
    expect(await purchaseTransfers(user.userId)).toEqual([]);
    // short of points alone is the same message
    const pricey = await buildStoreItem(t, { price: 11, currency: 'MSS' });
    expect((await t.call(c.buy, { itemIds: [pricey.id], key: newKey() }, { as: user })).body.code).toBe(ErrorCode.LEDGER_INSUFFICIENT);
  });

  it('answers one order for one key however often it is sent, at once or later; another purchase under it is refused', async () => {
    const [a, b] = await Promise.all([buildStoreItem(t, { price: 10 }), buildStoreItem(t, { price: 10 })]);
    const user = await buildUser(t);
    await grant(user, 100);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.ok(c.buy, { itemIds: items(a, b), key }, { as: user })));
    expect(answers.filter((x) => !x.replayed)).toHaveLength(1);
    expect(new Set(answers.map((x) => x.orderId)).size).toBe(1);
    const later = await t.ok(c.buy, { itemIds: items(b, a), key }, { as: user });
    expect(later).toMatchObject({ orderId: answers[0].orderId, replayed: true });
    expect((await t.call(c.buy, { itemIds: [a.id], key }, { as: user })).body.code).toBe(ErrorCode.LEDGER_KEY_REUSED);
    expect(await balances(user)).toMatchObject({ JE: 80 });
    expect(await purchaseTransfers(user.userId)).toHaveLength(2);
  });

  it('sells an item once when two purchases of it race; it is paid once', async () => {
    const [item, other] = await Promise.all([buildStoreItem(t, { price: 25 }), buildStoreItem(t, { price: 5 })]);
    const user = await buildUser(t);
    await grant(user, 100);
    const answers = await Promise.all([
      t.call(c.buy, { itemIds: [item.id], key: newKey() }, { as: user }),
      t.call(c.buy, { itemIds: [item.id, other.id], key: newKey() }, { as: user }),
      t.call(c.buy, { itemIds: [item.id], key: newKey() }, { as: user }),
    ]);
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === ErrorCode.STORE_ALREADY_OWNED)).toHaveLength(2);
    expect(await owned(user)).toContain(item.id);
    const paid = 100 - (await balances(user)).JE;
    expect([25, 30]).toContain(paid);
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('keeps one key to its person: another user and an admin buy with the same key', async () => {
    const item = await buildStoreItem(t, { price: 1 });
    const [user, other] = await Promise.all([buildUser(t), buildUser(t)]);
    await Promise.all([grant(user, 1), grant(other, 1), grant(admin, 1)]);
    const key = newKey();
    for (const who of [user, other, admin]) expect(await t.ok(c.buy, { itemIds: [item.id], key }, { as: who })).toMatchObject({ replayed: false });
    expect((await t.call(c.buy, { itemIds: [item.id], key })).status).toBe(401);
    expect((await t.call(c.buy, { itemIds: [], key }, { as: user })).body.message).toContain('Select at least one item to buy');
    expect((await t.call(c.buy, { itemIds: ['00000000-0000-4000-8000-000000000000'], key: newKey() }, { as: user })).body.code).toBe(ErrorCode.STORE_ITEM_NOT_FOUND);
  });

  it('lets only admins set prices; a price changed under the buyer is refused and moves nothing', async () => {
    const item = await buildStoreItem(t, { price: 10 });
    const user = await buildUser(t);
    await grant(user, 100);
    expect((await t.call(c.setPrice, { itemId: item.id, price: 20, currency: 'JE' })).status).toBe(401);
    expect((await t.call(c.setPrice, { itemId: item.id, price: 20, currency: 'JE' }, { as: user })).status).toBe(403);
    expect((await t.call(c.setPrice, { itemId: item.id, price: 0, currency: 'JE' }, { as: admin })).body.code).toBe(ErrorCode.VALIDATION);
    expect((await t.call(c.setPrice, { itemId: '00000000-0000-4000-8000-000000000000', price: 5, currency: 'JE' }, { as: admin })).body.code).toBe(ErrorCode.STORE_ITEM_NOT_FOUND);
    expect(await t.ok(c.setPrice, { itemId: item.id, price: 20, currency: 'MSS' }, { as: admin })).toMatchObject({ price: 20, currency: 'MSS' });
    expect(await t.ok(c.setPrice, { itemId: item.id, price: 15, currency: 'JE' }, { as: admin })).toMatchObject({ price: 15, currency: 'JE' });
    const changed = await t.call(c.buy, { itemIds: [item.id], totals: { JE: 10, MSS: 0 }, key: newKey() }, { as: user });
    expect(changed.body.code).toBe(ErrorCode.STORE_PRICE_CHANGED);
    expect(await balances(user)).toMatchObject({ JE: 100 });
    expect(await t.ok(c.buy, { itemIds: [item.id], totals: { JE: 15, MSS: 0 }, key: newKey() }, { as: user })).toMatchObject({ totals: { JE: 15, MSS: 0 } });
    expect(await balances(user)).toMatchObject({ JE: 85 });
  });

  it('closes and opens for admins only; closed, it says "Store not open" and sells nothing', async () => {
    const item = await buildStoreItem(t, { price: 10 });
    const user = await buildUser(t);
    await grant(user, 100);
    await t.ok(c.cartAdd, { itemId: item.id }, { as: user });
    expect((await t.call(c.setOpen, { open: false })).status).toBe(401);
    expect((await t.call(c.setOpen, { open: false }, { as: user })).status).toBe(403);
    expect(await t.ok(c.setOpen, { open: false }, { as: admin })).toEqual({ open: false });
    try {
      expect((await t.ok(c.items, {})).open).toBe(false);
      const closed = await t.call(c.buy, { itemIds: [item.id], key: newKey() }, { as: user });
      expect(closed.body).toMatchObject({ code: ErrorCode.STORE_NOT_OPEN, message: 'Store not open' });
      const zh = await t.call(c.cartAdd, { itemId: item.id }, { as: user, lang: 'zh_TW' });
      expect(zh.body).toMatchObject({ code: ErrorCode.STORE_NOT_OPEN, message: '商店未開放' });
      // the cart is still the person's to look at and tidy
      expect((await t.ok(c.cart, {}, { as: user })).lines).toHaveLength(1);
      expect(await balances(user)).toMatchObject({ JE: 100 });
    } finally {
      expect(await t.ok(c.setOpen, { open: true }, { as: admin })).toEqual({ open: true });
    }
    expect(await t.ok(c.buy, { itemIds: [item.id], key: newKey() }, { as: user })).toMatchObject({ totals: { JE: 10, MSS: 0 } });
  });

  it('answers the inventory to its owner only; visitors refused', async () => {
    const item = await buildStoreItem(t, { price: 1, category: 'Avatar' });
    const [user, other] = await Promise.all([buildUser(t), buildUser(t)]);
    await grant(user, 1);
    await t.ok(c.buy, { itemIds: [item.id], key: newKey() }, { as: user });
    expect((await t.call(c.inventory, {})).status).toBe(401);
    expect((await t.ok(c.inventory, { category: 'Avatar' }, { as: user })).items).toMatchObject([{ item: { id: item.id, owned: true } }]);
    expect((await t.ok(c.inventory, {}, { as: other })).items).toEqual([]);
    expect((await t.ok(c.inventory, {}, { as: admin })).items.map((i) => i.item.id)).not.toContain(item.id);
    expect(await t.starlit.services.store.list(user.userId, 'Avatar')).toHaveLength(1);
  });

  it('leaves the books clean', async () => {
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });
});
