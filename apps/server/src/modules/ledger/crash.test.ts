import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { calls, ErrorCode } from '@starlit/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe } from '../../../test/fake-stripe.ts';
import { openDatabase } from '../../db/client.ts';
import { WHOLE_OR_ABSENT } from './crash-checks.fixtures.ts';
import { deliver, key, recharge, stock, storm, type World } from './crash-operations.fixtures.ts';
import { ADMIN, freshDatabase, post, signUp, startServer, type Stripe, stop } from './crash-server.fixtures.ts';
import { ledgerService } from './ledger.service.ts';

// The server killed (SIGKILL) in the middle of money operations, then started again on the same
// data: every operation is found whole or absent, and the books pass every check of
// `ledger:check` (docs/economy.md, Crash test). On PGlite in a folder, or on a fresh database of
// DATABASE_URL's server. The operations are a list (crash-operations.fixtures.ts): a feature
// that moves value adds its own, with the query that finds any of its operations half done
// (crash-checks.fixtures.ts).

const PEOPLE = 6;
const CLIENTS = 24;
/** How long operations run before the kill: long enough for many to be in flight at once. */
const KILL_AFTER_MS = 2500;

describe.sequential('a server killed in the middle of money operations', () => {
  let dataDir: string;
  let databaseUrl: string | null = null;
  let dropDatabase: (() => Promise<void>) | null = null;
  let stripe: Stripe;
  beforeAll(async () => {
    dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'starlit-crash-'));
    stripe = await startFakeStripe();
    const fresh = await freshDatabase();
    databaseUrl = fresh?.databaseUrl ?? null;
    dropDatabase = fresh?.drop ?? null;
  });
  afterAll(async () => {
    await stripe?.close();
    await dropDatabase?.();
    if (dataDir) await fs.promises.rm(dataDir, { recursive: true, force: true });
  });

  it('finds every operation whole or absent after a restart, and the books clean', { timeout: 90_000 }, async () => {
    let server = await startServer(dataDir, databaseUrl, stripe);
    try {
      const admin = await signUp(server.origin, ADMIN);
      const people = await Promise.all(Array.from({ length: PEOPLE }, (_, i) => signUp(server.origin, `crash_${i}_${randomBytes(3).toString('hex')}`)));
      await stop(server.child, 'SIGTERM');
      const stocked = await stock(dataDir, databaseUrl, people);
      server = await startServer(dataDir, databaseUrl, stripe);
      const batch = await post(server.origin, calls.redeem.createBatch, { currency: 'JE', value: 5, count: 8, usesPerCode: 3, expiresAt: new Date(Date.now() + 3600_000).toISOString() }, admin);
      expect(batch.code).toBe(0);
      const w: World = { origin: server.origin, stripe, people, codes: batch.data.codes, ...stocked, purchases: [] };
      // diamonds to spend, before the storm
      await Promise.all(people.map((p) => recharge(w, p, 'p980')));

      let stopped = false;
      const storming = storm(w, CLIENTS, () => stopped);
      await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS));
      await stop(server.child, 'SIGKILL');
      stopped = true;
      const { finished, cut } = await storming;
      // many finished before the kill, and the kill cut requests in flight
      expect(finished).toBeGreaterThan(20);
      expect(cut).toBeGreaterThan(0);

      server = await startServer(dataDir, databaseUrl, stripe);
      // Stripe delivers again what was not acknowledged: every paid checkout ends credited once
      w.origin = server.origin;
      await Promise.all([...stripe.sessions.values()].filter((s) => s.payment_status === 'paid').map((s) => deliver(w, s.id)));
      const after = await post(server.origin, calls.exchange.exchange, { target: 'CAC', diamonds: 1, key: key() }, people[0]);
      expect(after.code).toBe(0);
      // a buyer whose answer was lost sends the purchase again with its key: one order at most;
      // one who had the answer gets the same order again
      const cutPurchases = w.purchases.filter((p) => !p.first);
      const answered = w.purchases.filter((p) => p.first?.code === 0).slice(0, 8);
      expect(answered.length).toBeGreaterThan(0);
      const again = await Promise.all([...cutPurchases, ...answered].map(async (p) => ({ p, answer: await post(server.origin, calls.store.buy, { itemIds: p.itemIds, key: p.key }, p.who) })));
      for (const { p, answer } of again) {
        if (p.first) expect({ code: answer.code, orderId: answer.data?.orderId, replayed: answer.data?.replayed }).toEqual({ code: 0, orderId: p.first.orderId, replayed: true });
        // a purchase cut before it committed runs now, or is refused whole (short, or an item owned meanwhile)
        else expect([0, ErrorCode.LEDGER_INSUFFICIENT, ErrorCode.STORE_ALREADY_OWNED]).toContain(answer.code);
      }
      await stop(server.child, 'SIGTERM');

      const database = await openDatabase({ databaseUrl, pgliteDir: databaseUrl ? null : path.join(dataDir, 'db') });
      try {
        expect(await ledgerService({ db: database.db }).violations()).toEqual([]);
        for (const check of WHOLE_OR_ABSENT) expect((await database.db.execute(check.query)).rows, check.what).toEqual([]);
        const paid = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from recharge_orders where status = 'paid'`);
        const sessionsPaid = [...stripe.sessions.values()].filter((s) => s.payment_status === 'paid').length;
        expect(paid.rows[0].n).toBe(sessionsPaid);
      } finally {
        await database.close();
      }
    } finally {
      await stop(server.child, 'SIGKILL');
    }
  });
});
