import { calls, CHECKIN_RULES, ErrorCode } from '@starlit/contract';
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

const balances = (as: SignedIn) => t.ok(calls.ledger.balances, {}, { as });

describe('the daily check-in', () => {
  const k = calls.checkin;
  it('credits points once a day, with the streak; a visitor is refused', async () => {
    const [user] = await Promise.all([buildUser(t)]);
    expect(await t.ok(k.status, {}, { as: user })).toMatchObject({ checkedInToday: false, streak: 0, nextPoints: CHECKIN_RULES.base });
    const done = await t.ok(k.checkin, {}, { as: user });
    expect(done).toMatchObject({ checkedInToday: true, streak: 1, points: CHECKIN_RULES.base, nextPoints: CHECKIN_RULES.base + CHECKIN_RULES.perStreakDay });
    expect((await t.call(k.checkin, {}, { as: user })).body).toMatchObject({ code: ErrorCode.CHECKIN_DONE, message: 'You have already checked in today' });
    expect((await t.call(k.checkin, {}, { as: user, lang: 'zh_TW' })).body.message).toBe('你今天已經簽到過了');
    expect(await balances(user)).toMatchObject({ MSS: CHECKIN_RULES.base });
    for (const call of [k.status, k.checkin]) expect((await t.call(call, {})).status).toBe(401);
    expect(await t.ok(k.checkin, {}, { as: admin })).toMatchObject({ streak: 1 });
  });

  it('grows the streak day by day up to a week, and starts again after a missed day', async () => {
    const user = await buildUser(t);
    const service = t.starlit.services.checkin;
    const day = (n: number) => new Date(Date.UTC(2030, 0, 1 + n, 4));
    const earned = [];
    for (let n = 0; n < 9; n++) earned.push((await service.checkin(user.userId, day(n))).points);
    expect(earned).toEqual([10, 15, 20, 25, 30, 35, 40, 40, 40]);
    expect((await service.checkin(user.userId, day(10))).points).toBe(10);
    // UTC+8: 17:00 UTC is the next day already
    expect((await service.status(user.userId, new Date(Date.UTC(2030, 0, 11, 17)))).day).toBe('2030-01-12');
    expect(await balances(user)).toMatchObject({ MSS: 255 + 10 });
  });

  it('credits one of two check-ins made at once', async () => {
    const user = await buildUser(t);
    const answers = await Promise.all([t.call(k.checkin, {}, { as: user }), t.call(k.checkin, {}, { as: user })]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, ErrorCode.CHECKIN_DONE]);
    expect(await balances(user)).toMatchObject({ MSS: CHECKIN_RULES.base });
  });

  it('leaves the books clean', async () => {
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });
});
