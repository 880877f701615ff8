import { calls, ErrorCode } from '@starlit/contract';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { ledgerAccounts } from '../../db/schema/index.ts';
import { buildUser } from '../../../test/factories.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { fingerprintOf, type LedgerService } from './ledger.service.ts';

let t: TestServer;
let ledger: LedgerService;
beforeAll(async () => {
  t = await startTestServer();
  ledger = t.starlit.services.ledger;
});
afterAll(async () => {
  await t?.close();
});

const people = (n: number) => Promise.all(Array.from({ length: n }, () => buildUser(t)));
let keys = 0;
const newKey = () => `key_${Date.now().toString(36)}_${keys++}`;

/** Diamonds given to a person by the system, as a bonus would be. */
const grant = (user: SignedIn, amount: number, currency: 'JE' | 'CAC' | 'CWA' | 'MSS' = 'JE') =>
  ledger.within(undefined, (books) => books.move({ from: { system: 'bonus' }, to: { user: user.userId }, currency, amount, kind: 'bonus' }));

/** A person spends in the store under a key. */
const spend = (user: SignedIn, amount: number, key = newKey()) =>
  ledger.run(user.userId, key, fingerprintOf('test.spend', { amount }), async (books) => {
    await books.move({ from: { user: user.userId }, to: { system: 'store_revenue' }, currency: 'JE', amount, kind: 'purchase' });
    return { spent: amount };
  });

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 0;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
};

describe('balances', () => {
  it('answers a signed-in person their spendable balances, zero where they never had any; a visitor is refused', async () => {
    const [user] = await people(1);
    expect(await t.ok(calls.ledger.balances, {}, { as: user })).toEqual({ JE: 0, CAC: 0, CWA: 0, MSS: 0 });
    await grant(user, 120);
    await grant(user, 3, 'CAC');
    expect(await t.ok(calls.ledger.balances, {}, { as: user })).toEqual({ JE: 120, CAC: 3, CWA: 0, MSS: 0 });
    const anonymous = await t.call(calls.ledger.balances, {});
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 401]);
  });

  it('forgets an account made by a request that rolled back, and makes it again', async () => {
    const [user] = await people(1);
    // the account is made, moved into, read again by a second leg, then the request fails
    const failed = ledger.within(undefined, async (books) => {
      await books.move({ from: { system: 'bonus' }, to: { user: user.userId }, currency: 'CWA', amount: 4, kind: 'bonus' });
      await books.move({ from: { user: user.userId }, to: { system: 'store_revenue' }, currency: 'CWA', amount: 1, kind: 'purchase' });
      throw new Error('the request fails after its movements');
    });
    await expect(failed).rejects.toThrow('the request fails');
    expect(await codeOf(spend(user, 1))).toBe(ErrorCode.LEDGER_INSUFFICIENT_DIAMOND);
    await grant(user, 6, 'CWA');
    await grant(user, 2);
    expect(await t.ok(calls.ledger.balances, {}, { as: user })).toEqual({ JE: 2, CAC: 0, CWA: 6, MSS: 0 });
    expect(await ledger.violations()).toEqual([]);
  });

  it('are guarded by the database: no statement can leave a person below zero', async () => {
    const [user] = await people(1);
    await grant(user, 5);
    const db = t.starlit.database.db;
    await expect(db.update(ledgerAccounts).set({ balance: -1 }).where(eq(ledgerAccounts.userId, user.userId))).rejects.toThrow();
    expect(await ledger.balances(user.userId)).toMatchObject({ JE: 5 });
  });
});

describe('idempotent spending', () => {
  it('answers a retry with the first outcome and moves nothing again; another request with the key is refused', async () => {
    const [user] = await people(1);
    await grant(user, 100);
    const key = newKey();
    expect(await spend(user, 30, key)).toEqual({ outcome: { spent: 30 }, replayed: false });
    expect(await spend(user, 30, key)).toEqual({ outcome: { spent: 30 }, replayed: true });
    expect(await codeOf(spend(user, 40, key))).toBe(ErrorCode.LEDGER_KEY_REUSED);
    expect(await ledger.balances(user.userId)).toMatchObject({ JE: 70 });
    // keys belong to their person: another may use the same one
    const [other] = await people(1);
    await grant(other, 30);
    expect((await spend(other, 30, key)).replayed).toBe(false);
  });

  it('refuses a spend beyond the balance with "Insufficient Diamond", moves nothing, and lets the key be retried', async () => {
    const [user] = await people(1);
    await grant(user, 10);
    const key = newKey();
    expect(await codeOf(spend(user, 11, key))).toBe(ErrorCode.LEDGER_INSUFFICIENT_DIAMOND);
    expect(await ledger.balances(user.userId)).toMatchObject({ JE: 10 });
    await grant(user, 1);
    expect((await spend(user, 11, key)).replayed).toBe(false);
    expect(await ledger.balances(user.userId)).toMatchObject({ JE: 0 });
  });

  it('under concurrency spends each key once and never below zero', async () => {
    const [user] = await people(1);
    await grant(user, 100);
    // 20 different spends of 10 race for 100 diamonds; 10 retries of one key race with them
    const shared = newKey();
    const results = await Promise.allSettled([...Array.from({ length: 20 }, () => spend(user, 10)), ...Array.from({ length: 10 }, () => spend(user, 10, shared))]);
    const applied = results.filter((r) => r.status === 'fulfilled' && !r.value.replayed).length;
    const refused = results.filter((r) => r.status === 'rejected');
    expect(applied).toBe(10);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: ErrorCode.LEDGER_INSUFFICIENT_DIAMOND });
    expect(await ledger.balances(user.userId)).toMatchObject({ JE: 0 });
    expect(await ledger.violations()).toEqual([]);
  });
});

describe('holds', () => {
  it('reserve an amount until posted (all or part) or voided, exactly once', async () => {
    const [user] = await people(1);
    await grant(user, 50);
    const hold = () => ledger.within(undefined, (books) => books.hold({ from: { user: user.userId }, to: { system: 'generation_fees' }, currency: 'JE', amount: 20, kind: 'generation' }));
    const first = await hold();
    expect(await ledger.balances(user.userId)).toMatchObject({ JE: 30 });
    await ledger.within(undefined, (books) => books.post(first.id, 15));
    // 15 charged, the other 5 released
    expect(await ledger.balances(user.userId)).toMatchObject({ JE: 35 });
    expect(await codeOf(ledger.within(undefined, (books) => books.void(first.id)))).toBe(ErrorCode.LEDGER_HOLD_SETTLED);
    const second = await hold();
    const settled = await Promise.allSettled([ledger.within(undefined, (books) => books.void(second.id)), ledger.within(undefined, (books) => books.post(second.id))]);
    expect(settled.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const balance = (await ledger.balances(user.userId)).JE;
    expect([15, 35]).toContain(balance);
    expect(await ledger.violations()).toEqual([]);
  });

  it('cannot hold more than a person can spend', async () => {
    const [user] = await people(1);
    await grant(user, 5, 'CWA');
    const code = await codeOf(ledger.within(undefined, (books) => books.hold({ from: { user: user.userId }, to: { system: 'generation_fees' }, currency: 'CWA', amount: 6, kind: 'generation' })));
    expect(code).toBe(ErrorCode.LEDGER_INSUFFICIENT);
  });
});

describe('the books', () => {
  it('keep every invariant through any sequence of grants, spends, retries, holds and settlements (property)', async () => {
    const cast = await people(3);
    const model = new Map(cast.map((p) => [p.userId, 0]));
    const spentKeys = new Map<string, number>();
    const op = fc.oneof(
      fc.record({ type: fc.constant('grant' as const), who: fc.nat(2), amount: fc.integer({ min: 1, max: 50 }) }),
      fc.record({ type: fc.constant('spend' as const), who: fc.nat(2), amount: fc.integer({ min: 1, max: 60 }), key: fc.integer({ min: 0, max: 5 }) }),
      fc.record({ type: fc.constant('hold' as const), who: fc.nat(2), amount: fc.integer({ min: 1, max: 40 }), end: fc.constantFrom('post' as const, 'void' as const, 'part' as const) }),
      fc.record({ type: fc.constant('give' as const), who: fc.nat(2), to: fc.nat(2), amount: fc.integer({ min: 1, max: 30 }) }),
    );
    const run = `p${Date.now().toString(36)}`;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const o of ops) {
          const person = cast[o.who];
          const have = model.get(person.userId) ?? 0;
          if (o.type === 'grant') {
            await grant(person, o.amount);
            model.set(person.userId, have + o.amount);
          } else if (o.type === 'spend') {
            const key = `${run}_${person.userId.slice(0, 8)}_${o.key}_${o.amount}`;
            const code = await codeOf(spend(person, o.amount, key));
            if (spentKeys.has(key)) expect(code).toBe(0);
            else if (o.amount > have) expect(code).toBe(ErrorCode.LEDGER_INSUFFICIENT_DIAMOND);
            else {
              expect(code).toBe(0);
              spentKeys.set(key, o.amount);
              model.set(person.userId, have - o.amount);
            }
          } else if (o.type === 'give') {
            if (o.who === o.to) continue;
            const to = cast[o.to];
            const move = ledger.within(undefined, (books) => books.move({ from: { user: person.userId }, to: { user: to.userId }, currency: 'JE', amount: o.amount, kind: 'gift' }));
            const code = await codeOf(move);
            if (o.amount > have) expect(code).toBe(ErrorCode.LEDGER_INSUFFICIENT_DIAMOND);
            else {
              expect(code).toBe(0);
              model.set(person.userId, have - o.amount);
              model.set(to.userId, (model.get(to.userId) ?? 0) + o.amount);
            }
          } else {
            const held = ledger.within(undefined, (books) => books.hold({ from: { user: person.userId }, to: { system: 'generation_fees' }, currency: 'JE', amount: o.amount, kind: 'generation' }));
            if (o.amount > have) {
              expect(await codeOf(held)).toBe(ErrorCode.LEDGER_INSUFFICIENT_DIAMOND);
              continue;
            }
            const pending = await held;
            expect((await ledger.balances(person.userId)).JE).toBe(have - o.amount);
            const charged = o.end === 'void' ? 0 : o.end === 'part' ? Math.ceil(o.amount / 2) : o.amount;
            await ledger.within(undefined, (books) => (o.end === 'void' ? books.void(pending.id) : books.post(pending.id, charged)));
            model.set(person.userId, have - charged);
          }
        }
        for (const p of cast) expect((await ledger.balances(p.userId)).JE).toBe(model.get(p.userId));
        expect(await ledger.violations()).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });

  it('ledger:check finds a balance that does not equal its entries and says which', async () => {
    const [user] = await people(1);
    await grant(user, 7);
    const db = t.starlit.database.db;
    await db.execute(sql`update ledger_accounts set balance = balance + 1 where user_id = ${user.userId}`);
    const found = await ledger.violations();
    expect(found.map((v) => v.invariant)).toEqual(expect.arrayContaining(['debits equal credits per currency', 'each balance equals its entries']));
    const row = found.find((v) => v.invariant === 'each balance equals its entries')?.rows[0] as { user_id: string; balance: string; entries: string };
    expect(row).toMatchObject({ user_id: user.userId, balance: '8', entries: '7' });
    await db.execute(sql`update ledger_accounts set balance = balance - 1 where user_id = ${user.userId}`);
    expect(await ledger.violations()).toEqual([]);
  });
});
