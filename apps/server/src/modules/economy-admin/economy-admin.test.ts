import { calls, ErrorCode } from '@starlit/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildAdmin, buildUser } from '../../../test/factories.ts';
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

const c = calls.economyAdmin;
let keys = 0;
const newKey = () => `ak_${Date.now().toString(36)}_${keys++}`;
const balances = (as: SignedIn) => t.ok(calls.ledger.balances, {}, { as });

describe('the admin economy console', () => {
  it('answers every call to admins only: visitors 401, users 403', async () => {
    const user = await buildUser(t);
    const inputs = [
      [c.findUser, { name: user.userName }],
      [c.balances, { userId: user.userId }],
      [c.adjust, { userId: user.userId, currency: 'JE', amount: 5, reason: 'gift', key: newKey() }],
      [c.packages, {}],
      [c.savePackage, { packageId: 'p60', diamonds: 60, bonus: 0, priceMinor: 99, active: true }],
      [calls.records.userList, { userId: user.userId }],
    ] as const;
    for (const [call, input] of inputs) {
      expect((await t.call(call.path, input)).status, call.path).toBe(401);
      expect((await t.call(call.path, input, { as: user })).status, call.path).toBe(403);
    }
    expect(await balances(user)).toEqual({ JE: 0, CAC: 0, CWA: 0, MSS: 0 });
  });

  it('finds a person by name (any case) with their balances; an unknown name is said so', async () => {
    const user = await buildUser(t);
    await t.ok(c.adjust, { userId: user.userId, currency: 'CWA', amount: 12, reason: 'test credit', key: newKey() }, { as: admin });
    expect(await t.ok(c.findUser, { name: user.userName.toUpperCase() }, { as: admin })).toEqual({
      userId: user.userId,
      userName: user.userName,
      balances: { JE: 0, CAC: 0, CWA: 12, MSS: 0 },
    });
    expect((await t.call(c.findUser, { name: 'nobody_by_this_name' }, { as: admin })).body).toMatchObject({ code: ErrorCode.ECONOMY_ADMIN_USER_NOT_FOUND, message: 'No user has that name' });
    expect((await t.call(c.findUser, { name: 'nobody_by_this_name' }, { as: admin, lang: 'zh_TW' })).body.message).toBe('找不到這個名稱的使用者');
    expect((await t.call(c.balances, { userId: '00000000-0000-4000-8000-000000000000' }, { as: admin })).body.code).toBe(ErrorCode.ECONOMY_ADMIN_USER_NOT_FOUND);
  });

  it('adjusts a balance through the adjustments account, once per key, and tells the person why', async () => {
    const user = await buildUser(t);
    const key = newKey();
    const input = { userId: user.userId, currency: 'JE' as const, amount: 100, reason: 'Compensation for outage #7', key };
    const answers = await Promise.all([1, 2, 3].map(() => t.ok(c.adjust, input, { as: admin })));
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(answers[0].balances.JE).toBe(100);
    expect((await t.call(c.adjust, { ...input, amount: 101 }, { as: admin })).body.code).toBe(ErrorCode.LEDGER_KEY_REUSED);
    expect(await t.ok(c.adjust, { ...input, amount: -30, reason: 'Duplicate compensation', key: newKey() }, { as: admin })).toEqual({
      balances: { JE: 70, CAC: 0, CWA: 0, MSS: 0 },
      replayed: false,
    });
    const records = await t.ok(calls.records.userList, { userId: user.userId, kind: 'adjustment' }, { as: admin });
    expect(records.items.map((r) => [r.amount, r.item])).toEqual([
      [-30, 'Adjusted by an admin: Duplicate compensation'],
      [100, 'Adjusted by an admin: Compensation for outage #7'],
    ]);
    const notices = await t.ok(calls.notices.systemList, {}, { as: user });
    expect(notices.items.filter((n) => n.title === 'Your balance was adjusted').map((n) => n.content)).toEqual([
      '30 diamonds were taken from your balance by an admin. Reason: Duplicate compensation',
      '100 diamonds were added to your balance by an admin. Reason: Compensation for outage #7',
    ]);
    const zh = await t.ok(calls.notices.systemList, {}, { as: user, lang: 'zh_TW' });
    expect(zh.items[0]).toMatchObject({ title: '你的餘額已調整', content: '管理員已從你的餘額扣除 30 顆鑽石。原因：Duplicate compensation' });
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('cannot take a balance below zero, needs a reason and an amount, and changes nothing when refused', async () => {
    const user = await buildUser(t);
    await t.ok(c.adjust, { userId: user.userId, currency: 'CAC', amount: 5, reason: 'start', key: newKey() }, { as: admin });
    const short = await t.call(c.adjust, { userId: user.userId, currency: 'CAC', amount: -6, reason: 'too much', key: newKey() }, { as: admin });
    expect(short.body.code).toBe(ErrorCode.LEDGER_INSUFFICIENT);
    const shortJe = await t.call(c.adjust, { userId: user.userId, currency: 'JE', amount: -1, reason: 'too much', key: newKey() }, { as: admin });
    expect(shortJe.body).toMatchObject({ code: ErrorCode.LEDGER_INSUFFICIENT_DIAMOND, message: 'Insufficient Diamond' });
    const noReason = await t.call(c.adjust, { userId: user.userId, currency: 'CAC', amount: 1, reason: '   ', key: newKey() }, { as: admin });
    expect(noReason.body).toMatchObject({ code: ErrorCode.VALIDATION });
    expect(noReason.body.message).toContain('A reason is required for every adjustment');
    expect((await t.call(c.adjust, { userId: user.userId, currency: 'CAC', amount: 0, reason: 'zero', key: newKey() }, { as: admin })).body.code).toBe(ErrorCode.VALIDATION);
    expect((await t.call(c.adjust, { userId: user.userId, currency: 'M', amount: 1, reason: 'money', key: newKey() } as never, { as: admin })).body.code).toBe(ErrorCode.VALIDATION);
    const ghost = await t.call(c.adjust, { userId: '00000000-0000-4000-8000-000000000000', currency: 'JE', amount: 1, reason: 'ghost', key: newKey() }, { as: admin });
    expect(ghost.body.code).toBe(ErrorCode.ECONOMY_ADMIN_USER_NOT_FOUND);
    expect(await balances(user)).toEqual({ JE: 0, CAC: 5, CWA: 0, MSS: 0 });
    expect((await t.ok(calls.records.list, {}, { as: user })).items).toHaveLength(1);
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('edits recharge packages: buyers see the new offer, orders keep the price they were made at', async () => {
    const user = await buildUser(t);
    const before = await t.ok(c.packages, {}, { as: admin });
    const p300 = before.find((p) => p.packageId === 'p300');
    expect(p300).toMatchObject({ diamonds: 300, bonus: 30, priceMinor: 499, active: true });
    const order = await t.ok(calls.recharge.create, { packageId: 'p300', agreementVersion: '2026-11-24', adult: true, requestKey: newKey() }, { as: user });
    const after = await t.ok(c.savePackage, { packageId: 'p300', diamonds: 320, bonus: 50, priceMinor: 549, active: true }, { as: admin });
    expect(after.find((p) => p.packageId === 'p300')).toMatchObject({ diamonds: 320, bonus: 50, priceMinor: 549 });
    const offer = await t.ok(calls.recharge.offer, {}, { as: user });
    expect(offer.packages.find((p) => p.packageId === 'p300')).toMatchObject({ diamonds: 320, bonus: 50, priceMinor: 549 });
    expect(await t.ok(calls.recharge.order, { orderId: order.order.orderId }, { as: user })).toMatchObject({ diamonds: 300, bonus: 30 });
    // off sale: gone from the offer, still listed for admins
    await t.ok(c.savePackage, { packageId: 'p300', diamonds: 320, bonus: 50, priceMinor: 549, active: false }, { as: admin });
    expect((await t.ok(calls.recharge.offer, {}, { as: user })).packages.map((p) => p.packageId)).not.toContain('p300');
    expect((await t.ok(c.packages, {}, { as: admin })).find((p) => p.packageId === 'p300')?.active).toBe(false);
    expect((await t.call(c.savePackage, { packageId: 'p999', diamonds: 1, bonus: 0, priceMinor: 99, active: true }, { as: admin })).body.code).toBe(ErrorCode.ECONOMY_ADMIN_PACKAGE_NOT_FOUND);
    expect((await t.call(c.savePackage, { packageId: 'p300', diamonds: 0, bonus: 0, priceMinor: 1, active: true }, { as: admin })).body.code).toBe(ErrorCode.VALIDATION);
    await t.ok(c.savePackage, { packageId: 'p300', diamonds: 300, bonus: 30, priceMinor: 499, active: true }, { as: admin });
  });

  it('answers the adjustment made when its notice cannot be sent', async () => {
    const user = await buildUser(t);
    const down = vi.spyOn(t.starlit.services.notices, 'sendSystem').mockRejectedValueOnce(new Error('notices down'));
    try {
      expect(await t.ok(c.adjust, { userId: user.userId, currency: 'JE', amount: 7, reason: 'notice down', key: newKey() }, { as: admin })).toMatchObject({ replayed: false });
    } finally {
      down.mockRestore();
    }
    expect(await balances(user)).toMatchObject({ JE: 7 });
  });
});
