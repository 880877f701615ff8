import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { calls, ErrorCode, RECHARGE_AGREEMENT_VERSION, type CallDef, type CallInput, type CallOutput } from '@starlit/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, startFakeStripe } from '../../../test/fake-stripe.ts';
import { Browser } from '../../../test/browser.ts';
import { exchange, signUpThroughPassport } from '../../../test/sign-in.ts';
import { openDatabase } from '../../db/client.ts';
import { agents, gifts, storeItems } from '../../db/schema/index.ts';
import { DEMO_GIFTS } from '../../seed/demo-catalogue.ts';
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
/** Store items (cheap, so purchases rarely run out of diamonds); each can be owned once per person. */
const ITEMS = 60;
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

interface Purchase {
  who: Person;
  itemIds: string[];
  key: string;
  /** The answer, when one came before the kill. */
  first?: { code: number; orderId?: string };
}

interface World {
  origin: string;
  stripe: Stripe;
  people: Person[];
  codes: string[];
  items: string[];
  /** Each person's published agent, in the order of `people`. */
  agents: string[];
  purchases: Purchase[];
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

/** Two or three store items at once, all or nothing; remembered so their keys are sent again after the restart. */
async function purchase(w: World, who: Person) {
  const itemIds = [...new Set(Array.from({ length: 2 + Math.floor(Math.random() * 2) }, () => pick(w.items)))];
  const p: Purchase = { who, itemIds, key: key() };
  w.purchases.push(p);
  const answer = await post(w.origin, calls.store.buy, { itemIds, key: p.key }, who);
  p.first = { code: answer.code, orderId: answer.code === 0 ? answer.data.orderId : undefined };
}

/** A gift to another person's agent: a free heart (until the day's limit) or one paid in diamonds, with the owner's share. */
async function gift(w: World, who: Person) {
  const others = w.agents.filter((_, i) => w.people[i] !== who);
  const giftKey = pick(['heart', 'finger_heart', 'rose'] as const);
  return post(w.origin, calls.gifts.send, { agentId: pick(others), giftKey, count: 1 + Math.floor(Math.random() * 2), key: key() }, who);
}

/** A skill for one's own agent: a period (bought again, a renewal) or for good (once). */
async function skill(w: World, who: Person) {
  const agentId = w.agents[w.people.indexOf(who)];
  return post(w.origin, calls.agents.buySkill, { id: agentId, skill: pick(['TextToImage', 'ImageToImage', 'TextToMusic', 'AIDance'] as const), key: key() }, who);
}

/** Delivers Stripe's webhook for a paid session, as Stripe would (and does again after a failure). */
async function deliver(w: World, sessionId: string) {
  const event = w.stripe.event('checkout.session.completed', sessionId);
  await fetch(`${w.origin}${STRIPE_WEBHOOK_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, body: event.payload });
}

/** A recharge paid through Stripe: the order, the buyer paying, the webhook twice at once and the buyer's return. */
async function recharge(w: World, who: Person, packageId = 'p300') {
  const made = await post(w.origin, calls.recharge.create, { packageId, agreementVersion: RECHARGE_AGREEMENT_VERSION, adult: true, requestKey: key() }, who);
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
  purchase,
  purchase,
  gift,
  gift,
  skill,
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
    what: 'a store order has an inventory row and a ledger leg per item, at its prices; no leg or item without its order',
    query: sql`select o.id, jsonb_array_length(o.lines) as lines,
                      (select count(*) from inventory i where i.order_id = o.id)::int as owned,
                      (select count(*) from ledger_transfers t where t.kind = 'store_purchase' and t.memo->>'orderId' = o.id::text)::int as legs
               from store_orders o
               where jsonb_array_length(o.lines) <> (select count(*) from inventory i where i.order_id = o.id)
                  or jsonb_array_length(o.lines) <> (select count(*) from ledger_transfers t where t.kind = 'store_purchase' and t.memo->>'orderId' = o.id::text)
                  or o.total_je <> (select coalesce(sum(t.amount), 0) from ledger_transfers t where t.kind = 'store_purchase' and t.currency = 'JE' and t.memo->>'orderId' = o.id::text)
`,
  },
  {
    what: 'a store purchase leg or an owned item has its order',
    query: sql`select t.id from ledger_transfers t where t.kind = 'store_purchase' and not exists (select 1 from store_orders o where o.id::text = t.memo->>'orderId')
               union all
               select i.item_id from inventory i where i.order_id is null`,
  },
  {
    what: 'a gift send has its payment and its owner share (none when free), and each gift movement its send',
    query: sql`select s.id, s.currency, s.count, s.unit_price, s.owner_share,
                      (select count(*) from ledger_transfers t where t.kind = 'gift' and t.memo->>'giftId' = s.id::text and t.amount = s.count * s.unit_price and t.currency = s.currency)::int as paid,
                      (select count(*) from ledger_transfers t where t.kind = 'gift_share' and t.memo->>'giftId' = s.id::text and t.amount = s.owner_share and t.currency = s.currency)::int as shared,
                      (select count(*) from ledger_transfers t where t.kind in ('gift', 'gift_share') and t.memo->>'giftId' = s.id::text)::int as legs
               from gift_sends s
               where (select count(*) from ledger_transfers t where t.kind in ('gift', 'gift_share') and t.memo->>'giftId' = s.id::text)
                       <> case when s.currency = 'free' then 0 when s.owner_share > 0 then 2 else 1 end
                  or (s.currency <> 'free' and (select count(*) from ledger_transfers t where t.kind = 'gift' and t.memo->>'giftId' = s.id::text and t.amount = s.count * s.unit_price and t.currency = s.currency) <> 1)
                  or (s.owner_share > 0 and (select count(*) from ledger_transfers t where t.kind = 'gift_share' and t.memo->>'giftId' = s.id::text and t.amount = s.owner_share and t.currency = s.currency) <> 1)
`,
  },
  {
    what: 'a gift movement has its send',
    query: sql`select t.id from ledger_transfers t where t.kind in ('gift', 'gift_share') and not exists (select 1 from gift_sends s where s.id::text = t.memo->>'giftId')`,
  },
  {
    what: "a day's free gifts counted are the free gifts sent that day",
    query: sql`select d.sender_id, d.day, d.used, (select coalesce(sum(s.count), 0) from gift_sends s
                 where s.sender_id = d.sender_id and s.currency = 'free' and ((s.created_at at time zone 'UTC') + interval '8 hours')::date = d.day)::int as sent
               from gift_free_days d
               where d.used <> (select coalesce(sum(s.count), 0) from gift_sends s
                 where s.sender_id = d.sender_id and s.currency = 'free' and ((s.created_at at time zone 'UTC') + interval '8 hours')::date = d.day)`,
  },
  {
    what: 'the owner is told of every gift sent to their agent, once',
    query: sql`select s.owner_id, s.sender_id, s.agent_id, count(*)::int as sends from gift_sends s
               group by s.owner_id, s.sender_id, s.agent_id
               having count(*) <> (select count(*) from interact_notices n
                                   where n.kind = 'gift' and n.recipient_id = s.owner_id and n.actor_id = s.sender_id and n.target_id = s.agent_id::text)`,
  },
  {
    what: "a skill's term is what its purchases paid for: bought at least once, and a period's expiry one period per purchase after the first",
    query: sql`select k.agent_id, k.skill_key, k.expires_at, count(t.id)::int as bought from agent_skill_terms k
               left join ledger_transfers t on t.kind = 'skill_purchase' and t.memo->>'agentId' = k.agent_id::text and t.memo->>'skill' = k.skill_key
               group by k.agent_id, k.skill_key, k.expires_at, k.bought_at
               having count(t.id) = 0
                   or (k.expires_at is null and count(t.id) <> 1)
                   or (k.expires_at is not null and abs(extract(epoch from k.expires_at - k.bought_at) - count(t.id) * max((t.memo->>'days')::int) * 86400) > 60)
`,
  },
  {
    what: 'a skill purchase has its term',
    query: sql`select t.id from ledger_transfers t
               where t.kind = 'skill_purchase' and not exists (select 1 from agent_skill_terms k where k.agent_id::text = t.memo->>'agentId' and k.skill_key = t.memo->>'skill')`,
  },
  {
    // (a webhook for an order no longer pending keeps its answer, credited: false, and moves
    // nothing; so does a free gift, whose trace is its send row and the day's count)
    what: 'a spending request is kept only with the movements it made',
    query: sql`select r.id, r.outcome from ledger_requests r
               where not exists (select 1 from ledger_transfers t where t.request_id = r.id) and r.outcome <> '{"credited": false}'::jsonb
                 and r.outcome->'send'->'cost'->>'currency' is distinct from 'free'`,
  },
];

/**
 * What the store, gifts and skills need that no call makes, written while the server is stopped
 * (PGlite allows one process): store items, the gifts, and a published agent per person.
 * Answers the items' and agents' ids.
 */
async function stock(dataDir: string, databaseUrl: string | null, people: Person[]) {
  const database = await openDatabase({ databaseUrl, pgliteDir: databaseUrl ? null : path.join(dataDir, 'db') });
  try {
    const { db } = database;
    const items = await db
      .insert(storeItems)
      .values(
        Array.from({ length: ITEMS }, (_, i) => ({
          category: 'Clothing' as const,
          nameEn: `Item ${i}`,
          nameZhTw: `商品 ${i}`,
          price: 1 + (i % 4),
          currency: 'JE' as const,
          cover: '/media/crash.webp',
          sort: i,
        })),
      )
      .returning({ id: storeItems.id });
    const now = Date.now();
    await db
      .insert(gifts)
      .values(DEMO_GIFTS.map((g, sort) => ({ key: g.key, priceKind: g.priceKind, price: g.price, freeUntil: g.freeDays ? new Date(now + g.freeDays * 86_400_000) : null, sort })))
      .onConflictDoNothing();
    const made = await db
      .insert(agents)
      .values(people.map((p, i) => ({ ownerId: p.userId, nickname: `Crash${i}`, roleSetting: 'A test agent.', isPublic: true, publishedAt: new Date() })))
      .returning({ id: agents.id, ownerId: agents.ownerId });
    return { items: items.map((r) => r.id), agents: people.map((p) => made.find((a) => a.ownerId === p.userId)?.id ?? '') };
  } finally {
    await database.close();
  }
}

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
      await stop(server.child, 'SIGTERM');
      const stocked = await stock(dataDir, databaseUrl, people);
      server = await startServer(dataDir, databaseUrl, stripe);
      const batch = await post(server.origin, calls.redeem.createBatch, { currency: 'JE', value: 5, count: 8, usesPerCode: 3, expiresAt: new Date(Date.now() + 3600_000).toISOString() }, admin);
      expect(batch.code).toBe(0);
      const w: World = { origin: server.origin, stripe, people, codes: batch.data.codes, ...stocked, purchases: [] };
      // diamonds to spend, before the storm
      await Promise.all(people.map((p) => recharge(w, p, 'p980')));

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
