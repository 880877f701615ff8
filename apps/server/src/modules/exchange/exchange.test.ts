import { calls, DEFAULT_EXCHANGE_RATES, ErrorCode } from '@starlit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const c = calls.exchange;
let keys = 0;
const newKey = () => `xk_${Date.now().toString(36)}_${keys++}`;
const grant = (user: SignedIn, amount: number) =>
  t.starlit.services.ledger.within(undefined, (books) => books.move({ from: { system: 'bonus' }, to: { user: user.userId }, currency: 'JE', amount, kind: 'bonus' }));
const balances = (as: SignedIn) => t.ok(calls.ledger.balances, {}, { as });

// the rates are one row per target for the whole server: tests that change them run in order and put them back
describe.sequential('the exchange', () => {
  it('answers the default rates to a signed-in person, refuses a visitor', async () => {
    const [user] = await Promise.all([buildUser(t)]);
    expect(await t.ok(c.rates, {}, { as: user })).toEqual(DEFAULT_EXCHANGE_RATES);
    expect(await t.ok(c.rates, {}, { as: admin })).toEqual(DEFAULT_EXCHANGE_RATES);
    expect((await t.call(c.rates, {})).status).toBe(401);
  });

  it('exchanges diamonds for creation counts and compute power through the exchange account', async () => {
    const [user] = await Promise.all([buildUser(t)]);
    await grant(user, 30);
    expect(await t.ok(c.exchange, { target: 'CAC', diamonds: 5, key: newKey() }, { as: user })).toEqual({ target: 'CAC', diamonds: 5, received: 5, perDiamond: 1, replayed: false });
    expect(await t.ok(c.exchange, { target: 'CWA', diamonds: 3, perDiamond: 10, key: newKey() }, { as: user })).toMatchObject({ received: 30 });
    expect(await balances(user)).toEqual({ JE: 22, CAC: 5, CWA: 30, MSS: 0 });
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('moves once for one key, however often it is sent, at once or later', async () => {
    const [user] = await Promise.all([buildUser(t)]);
    await grant(user, 10);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.ok(c.exchange, { target: 'CAC', diamonds: 4, key }, { as: user })));
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect((await t.ok(c.exchange, { target: 'CAC', diamonds: 4, key }, { as: user })).replayed).toBe(true);
    expect((await t.call(c.exchange, { target: 'CAC', diamonds: 5, key }, { as: user })).body.code).toBe(ErrorCode.LEDGER_KEY_REUSED);
    expect(await balances(user)).toMatchObject({ JE: 6, CAC: 4 });
  });

  it("keeps one person's key to them: another user and an admin exchange their own diamonds with the same key", async () => {
    const [user, other] = await Promise.all([buildUser(t), buildUser(t)]);
    await Promise.all([grant(user, 4), grant(other, 4), grant(admin, 4)]);
    const key = newKey();
    for (const who of [user, other, admin]) expect(await t.ok(c.exchange, { target: 'CWA', diamonds: 1, key }, { as: who })).toMatchObject({ received: 10, replayed: false });
    for (const who of [user, other]) expect(await balances(who)).toEqual({ JE: 3, CAC: 0, CWA: 10, MSS: 0 });
  });

  it('answers "Insufficient Diamond" when short and moves nothing; a visitor is refused', async () => {
    const [user] = await Promise.all([buildUser(t)]);
    await grant(user, 2);
    const short = await t.call(c.exchange, { target: 'CWA', diamonds: 3, key: newKey() }, { as: user });
    expect(short.body).toMatchObject({ code: ErrorCode.LEDGER_INSUFFICIENT_DIAMOND, message: 'Insufficient Diamond' });
    const zh = await t.call(c.exchange, { target: 'CWA', diamonds: 3, key: newKey() }, { as: user, lang: 'zh_TW' });
    expect(zh.body).toMatchObject({ code: ErrorCode.LEDGER_INSUFFICIENT_DIAMOND, message: '鑽石不足' });
    expect(await balances(user)).toEqual({ JE: 2, CAC: 0, CWA: 0, MSS: 0 });
    expect((await t.call(c.exchange, { target: 'CWA', diamonds: 1, key: newKey() })).status).toBe(401);
  });

  it('uses rates only admins set; a rate changed since the person saw it is refused', async () => {
    const [user, other] = await Promise.all([buildUser(t), buildUser(t)]);
    expect((await t.call(c.setRate, { target: 'CWA', perDiamond: 20 })).status).toBe(401);
    expect((await t.call(c.setRate, { target: 'CWA', perDiamond: 20 }, { as: user })).status).toBe(403);
    expect((await t.call(c.setRate, { target: 'CWA', perDiamond: 0 }, { as: admin })).body.code).toBe(ErrorCode.VALIDATION);
    expect(await t.ok(c.setRate, { target: 'CWA', perDiamond: 20 }, { as: admin })).toEqual({ CAC: 1, CWA: 20 });
    expect(await t.ok(c.rates, {}, { as: other })).toEqual({ CAC: 1, CWA: 20 });
    await grant(other, 5);
    expect((await t.call(c.exchange, { target: 'CWA', diamonds: 1, perDiamond: 10, key: newKey() }, { as: other })).body.code).toBe(ErrorCode.EXCHANGE_RATE_CHANGED);
    expect(await t.ok(c.exchange, { target: 'CWA', diamonds: 2, perDiamond: 20, key: newKey() }, { as: other })).toMatchObject({ received: 40 });
    expect(await t.ok(c.setRate, { target: 'CWA', perDiamond: DEFAULT_EXCHANGE_RATES.CWA }, { as: admin })).toEqual(DEFAULT_EXCHANGE_RATES);
    expect(await balances(other)).toMatchObject({ JE: 3, CWA: 40 });
  });

  it('lets many exchanges race for a balance without any going below zero', async () => {
    const [user] = await Promise.all([buildUser(t)]);
    await grant(user, 10);
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.call(c.exchange, { target: 'CAC', diamonds: 3, key: newKey() }, { as: user })));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(3);
    expect(answers.filter((a) => a.body.code === ErrorCode.LEDGER_INSUFFICIENT_DIAMOND)).toHaveLength(5);
    expect(await balances(user)).toMatchObject({ JE: 1, CAC: 9 });
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });
});
