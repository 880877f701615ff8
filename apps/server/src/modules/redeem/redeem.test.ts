import { calls, ErrorCode, REDEEM_LIMITS } from '@starlit/contract';
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

const c = calls.redeem;
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
const batch = (over: Partial<{ currency: 'JE' | 'CAC' | 'CWA' | 'MSS'; value: number; count: number; usesPerCode: number; expiresAt: string }> = {}) =>
  t.ok(c.createBatch, { currency: 'JE', value: 50, count: 1, usesPerCode: 1, expiresAt: inAnHour(), ...over }, { as: admin });
const redeem = (code: string, as: SignedIn) => t.call(c.redeem, { code }, { as });
const codeOf = async (code: string, as: SignedIn) => (await redeem(code, as)).body.code;
const balances = (as: SignedIn) => t.ok(calls.ledger.balances, {}, { as });

describe('creating a batch', () => {
  it('is for admins only: a visitor 401, a user 403; the admin sees each code once, random and distinct', async () => {
    const [user] = await Promise.all([buildUser(t)]);
    const input = { currency: 'CAC', value: 3, count: 20, usesPerCode: 2, expiresAt: inAnHour() } as const;
    expect((await t.call(c.createBatch, input)).status).toBe(401);
    expect((await t.call(c.createBatch, input, { as: user })).status).toBe(403);
    const made = await t.ok(c.createBatch, input, { as: admin });
    expect(made).toMatchObject({ currency: 'CAC', value: 3, usesPerCode: 2 });
    expect(made.codes).toHaveLength(20);
    expect(new Set(made.codes).size).toBe(20);
    for (const code of made.codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
  });

  it('refuses an expiry in the past and a count beyond the limit', async () => {
    const past = await t.call(c.createBatch, { currency: 'JE', value: 1, count: 1, usesPerCode: 1, expiresAt: new Date(Date.now() - 1000).toISOString() }, { as: admin });
    expect(past.body.code).toBe(ErrorCode.REDEEM_EXPIRY_PAST);
    const many = await t.call(c.createBatch, { currency: 'JE', value: 1, count: REDEEM_LIMITS.codesPerBatch + 1, usesPerCode: 1, expiresAt: inAnHour() }, { as: admin });
    expect(many.body.code).toBe(ErrorCode.VALIDATION);
  });
});

describe('redeeming', () => {
  it('credits the code from the bonus account once; whatever the case, spaces and dashes', async () => {
    const [user] = await Promise.all([buildUser(t)]);
    const { codes } = await batch({ currency: 'CWA', value: 40 });
    const typed = ` ${codes[0].replaceAll('-', '').toLowerCase()} `;
    expect(await t.ok(c.redeem, { code: typed }, { as: user })).toEqual({ currency: 'CWA', amount: 40 });
    expect(await balances(user)).toEqual({ JE: 0, CAC: 0, CWA: 40, MSS: 0 });
    expect(await codeOf(codes[0], user)).toBe(ErrorCode.REDEEM_ALREADY_REDEEMED);
    expect(await balances(user)).toMatchObject({ CWA: 40 });
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('answers each refusal with its own text, in both languages', async () => {
    const [user, other] = await Promise.all([buildUser(t), buildUser(t)]);
    const empty = await redeem('  - ', user);
    expect(empty.body).toMatchObject({ code: ErrorCode.REDEEM_CODE_REQUIRED, message: 'A redeem code must be entered' });
    const zh = await t.call(c.redeem, { code: '' }, { as: user, lang: 'zh_TW' });
    expect(zh.body).toMatchObject({ code: ErrorCode.REDEEM_CODE_REQUIRED, message: '請輸入兌換碼' });
    expect(await codeOf('AAAA-BBBB-CCCC-DDDD', user)).toBe(ErrorCode.REDEEM_CODE_INVALID);
    const { codes } = await batch();
    expect(await codeOf(codes[0], user)).toBe(0);
    expect(await codeOf(codes[0], other)).toBe(ErrorCode.REDEEM_CODE_USED_UP);
    // a batch expiring in a moment, redeemed after it has
    const soon = await batch({ expiresAt: new Date(Date.now() + 300).toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await codeOf(soon.codes[0], other)).toBe(ErrorCode.REDEEM_CODE_EXPIRED);
    expect(await balances(other)).toMatchObject({ JE: 0 });
  });

  it('is refused to a visitor; one person redeeming does not redeem for another', async () => {
    const [user, other] = await Promise.all([buildUser(t), buildUser(t)]);
    const { codes } = await batch({ usesPerCode: 2, value: 7 });
    expect((await t.call(c.redeem, { code: codes[0] })).status).toBe(401);
    expect(await codeOf(codes[0], user)).toBe(0);
    expect(await codeOf(codes[0], other)).toBe(0);
    expect(await balances(user)).toMatchObject({ JE: 7 });
    expect(await balances(other)).toMatchObject({ JE: 7 });
    // the admin may redeem like anyone else
    expect(await codeOf(codes[0], admin)).toBe(ErrorCode.REDEEM_CODE_USED_UP);
  });

  it('slows guessing: attempts beyond the window are refused with 429', async () => {
    const [user] = await Promise.all([buildUser(t)]);
    for (let i = 0; i < REDEEM_LIMITS.attemptsPerWindow; i++) expect(await codeOf(`WRONG${i}`, user)).toBe(ErrorCode.REDEEM_CODE_INVALID);
    const { codes } = await batch();
    const refused = await redeem(codes[0], user);
    expect([refused.status, refused.body.code]).toEqual([429, ErrorCode.REDEEM_RATE_LIMITED]);
  });
});

describe('redeeming at once', () => {
  it('gives the last use to exactly one of many people racing for it', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => buildUser(t)));
    const { codes } = await batch({ usesPerCode: 2, value: 5 });
    const codes_ = await Promise.all(people.map((p) => codeOf(codes[0], p)));
    expect(codes_.filter((x) => x === 0)).toHaveLength(2);
    expect(codes_.filter((x) => x === ErrorCode.REDEEM_CODE_USED_UP)).toHaveLength(4);
    const credited = await Promise.all(people.map(async (p) => (await balances(p)).JE));
    expect(credited.reduce((a, b) => a + b, 0)).toBe(10);
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('credits one person once when they send the same code several times at once', async () => {
    const [user] = await Promise.all([buildUser(t)]);
    const { codes } = await batch({ usesPerCode: 5, value: 9 });
    const answers = await Promise.all(Array.from({ length: 4 }, () => codeOf(codes[0], user)));
    expect(answers.filter((x) => x === 0)).toHaveLength(1);
    expect(answers.filter((x) => x === ErrorCode.REDEEM_ALREADY_REDEEMED)).toHaveLength(3);
    expect(await balances(user)).toMatchObject({ JE: 9 });
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });
});
