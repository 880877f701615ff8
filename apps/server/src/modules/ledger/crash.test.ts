import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { calls, RECHARGE_AGREEMENT_VERSION, type CallDef, type CallInput, type CallOutput } from '@starlit/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, startFakeStripe } from '../../../test/fake-stripe.ts';
import { Browser } from '../../../test/browser.ts';
import { exchange, signUpThroughPassport } from '../../../test/sign-in.ts';
import { openDatabase } from '../../db/client.ts';
import { STRIPE_WEBHOOK_PATH } from '../recharge/recharge.routes.ts';
import { ledgerService } from './ledger.service.ts';

// The server killed (SIGKILL) in the middle of money operations, then started again on the same
// data: every operation is found whole or absent, and the books pass every check of
// `ledger:check` (docs/economy.md, Crash test). On PGlite in a folder, or on a fresh database of
// DATABASE_URL's server. The operations are a list: a feature that moves value adds its own,
// with the query that finds any of its operations half done.

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const ADMIN = 'crashadmin';
const PEOPLE = 6;
const CLIENTS = 24;
/** How long operations run before the kill: long enough for many to be in flight at once. */
const KILL_AFTER_MS = 2500;

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

type Stripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** The real server as a child process, on the data of `dataDir` or `databaseUrl`. */
async function startServer(dataDir: string, databaseUrl: string | null, stripe: Stripe) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    ADMIN_USERS: ADMIN,
    RATE_LIMIT_PER_MINUTE: '1000000',
    SIGNIN_ATTEMPTS_PER_15_MIN: '100000',
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    WEB_DIST: path.join(dataDir, 'no-web'),
  };
  delete env.REDIS_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) while starting; see ${dataDir}/server.log`);
    try {
      await fetch(`${origin}${calls.recharge.offer.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      return { child, origin };
    } catch {
      if (Date.now() > deadline) throw new Error(`the server did not listen within 45 s; see ${dataDir}/server.log`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function stop(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

interface Person {
  userId: string;
  token: string;
}

/** A JSON call over HTTP; throws when the server is gone, answers the envelope otherwise. */
async function post<C extends CallDef>(origin: string, call: C, input: CallInput<C>, as?: Person) {
  const res = await fetch(`${origin}${call.path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(as ? { token: as.token } : {}) }, body: JSON.stringify(input) });
  return (await res.json()) as { code: number; message: string; data: CallOutput<C> };
}

async function signUp(origin: string, name: string): Promise<Person> {
  const b = new Browser();
  const back = await signUpThroughPassport(b, origin, name);
  const { data } = await exchange(b, origin, back.code, back.state);
  return { userId: data.userId, token: data.token };
}

const key = () => `crash_${randomBytes(8).toString('hex')}`;

interface World {
  origin: string;
  stripe: Stripe;
  people: Person[];
  codes: string[];
}

/** Delivers Stripe's webhook for a paid session, as Stripe would (and does again after a failure). */
async function deliver(w: World, sessionId: string) {
  const event = w.stripe.event('checkout.session.completed', sessionId);
  await fetch(`${w.origin}${STRIPE_WEBHOOK_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, body: event.payload });
}

/** A recharge paid through Stripe: the order, the buyer paying, the webhook twice at once and the buyer's return. */
async function recharge(w: World, who: Person) {
  const made = await post(w.origin, calls.recharge.create, { packageId: 'p300', agreementVersion: RECHARGE_AGREEMENT_VERSION, adult: true, requestKey: key() }, who);
  if (made.code !== 0) return;
  const sessionId = [...w.stripe.sessions.values()].find((s) => s.client_reference_id === made.data.order.orderId)?.id;
  if (!sessionId) return;
  w.stripe.pay(sessionId);
  await Promise.all([deliver(w, sessionId), deliver(w, sessionId), post(w.origin, calls.recharge.order, { orderId: made.data.order.orderId }, who)]);
}

/**
 * The money operations a person makes at random until the server dies. Each leaves its trace in
 * the books; WHOLE_OR_ABSENT below finds any trace of one half done.
 */
const OPERATIONS: Array<(w: World, who: Person) => Promise<unknown>> = [
  recharge,
  (w, who) => post(w.origin, calls.exchange.exchange, { target: 'CAC', diamonds: 1 + Math.floor(Math.random() * 3), key: key() }, who),
  (w, who) => post(w.origin, calls.exchange.exchange, { target: 'CWA', diamonds: 1, key: key() }, who),
  (w, who) => post(w.origin, calls.redeem.redeem, { code: w.codes[Math.floor(Math.random() * w.codes.length)] }, who),
];

/** Queries that answer the operations found half done (none when all are whole or absent). */
const WHOLE_OR_ABSENT: Array<{ what: string; query: ReturnType<typeof sql> }> = [
  {
    what: 'a recharge order is paid exactly when its price, diamonds and bonus are in the books, once',
    query: sql`select o.id, o.status, count(t.id)::int as legs from recharge_orders o
               left join ledger_transfers t on t.memo->>'orderId' = o.id::text and t.kind in ('recharge', 'recharge_bonus')
               group by o.id, o.status, o.bonus
               having (o.status = 'paid') <> (count(t.id) = case when o.bonus > 0 then 3 else 2 end) or (o.status <> 'paid' and count(t.id) > 0)`,
  },
  {
    what: 'an exchange moves both of its legs or neither',
    query: sql`select request_id, count(*)::int as legs from ledger_transfers where kind = 'exchange' group by request_id having count(*) <> 2`,
  },
  {
    what: 'a redeemed code has its use taken, its use recorded and its value credited, or none of them',
    query: sql`select c.id, b.uses_per_code, c.uses_left, (select count(*) from redeem_uses u where u.code_id = c.id)::int as uses,
                      (select count(*) from ledger_transfers t where t.kind = 'redeem' and t.memo->>'codeId' = c.id::text)::int as credits
               from redeem_codes c join redeem_batches b on b.id = c.batch_id
               where b.uses_per_code - c.uses_left <> (select count(*) from redeem_uses u where u.code_id = c.id)
                  or (select count(*) from redeem_uses u where u.code_id = c.id) <> (select count(*) from ledger_transfers t where t.kind = 'redeem' and t.memo->>'codeId' = c.id::text)`,
  },
  {
    // (a webhook for an order no longer pending keeps its answer, credited: false, and moves nothing)
    what: 'a spending request is kept only with the movements it made',
    query: sql`select r.id from ledger_requests r
               where not exists (select 1 from ledger_transfers t where t.request_id = r.id) and r.outcome <> '{"credited": false}'::jsonb`,
  },
];

describe.sequential('a server killed in the middle of money operations', () => {
  let dataDir: string;
  let databaseUrl: string | null = null;
  let dropDatabase: (() => Promise<void>) | null = null;
  let stripe: Stripe;
  beforeAll(async () => {
    dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'starlit-crash-'));
    stripe = await startFakeStripe();
    const server = process.env.DATABASE_URL;
    if (server) {
      const name = `starlit_crash_${randomBytes(4).toString('hex')}`;
      const admin = async (text: string) => {
        const c = new pg.Client({ connectionString: server });
        await c.connect();
        await c.query(text).finally(() => c.end());
      };
      await admin(`create database ${name}`);
      const url = new URL(server);
      url.pathname = `/${name}`;
      databaseUrl = url.href;
      dropDatabase = () => admin(`drop database if exists ${name} with (force)`);
    }
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
      const batch = await post(server.origin, calls.redeem.createBatch, { currency: 'JE', value: 5, count: 8, usesPerCode: 3, expiresAt: new Date(Date.now() + 3600_000).toISOString() }, admin);
      expect(batch.code).toBe(0);
      const w: World = { origin: server.origin, stripe, people, codes: batch.data.codes };
      // diamonds to exchange, before the storm
      await Promise.all(people.map((p) => recharge(w, p)));

      let stopped = false;
      let finished = 0;
      let cut = 0;
      const storm = Promise.all(
        Array.from({ length: CLIENTS }, async (_, i) => {
          while (!stopped) {
            const op = OPERATIONS[Math.floor(Math.random() * OPERATIONS.length)];
            try {
              await op(w, people[i % people.length]);
              finished++;
            } catch {
              // the server died under this request: whatever it did is whole or absent
              cut++;
              return;
            }
          }
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS));
      await stop(server.child, 'SIGKILL');
      stopped = true;
      await storm;
      // many finished before the kill, and the kill cut requests in flight
      expect(finished).toBeGreaterThan(20);
      expect(cut).toBeGreaterThan(0);

      server = await startServer(dataDir, databaseUrl, stripe);
      // Stripe delivers again what was not acknowledged: every paid checkout ends credited once
      w.origin = server.origin;
      await Promise.all([...stripe.sessions.values()].filter((s) => s.payment_status === 'paid').map((s) => deliver(w, s.id)));
      const after = await post(server.origin, calls.exchange.exchange, { target: 'CAC', diamonds: 1, key: key() }, people[0]);
      expect(after.code).toBe(0);
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
