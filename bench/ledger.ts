// The ledger under load (issue 10, Performance and reliability): a fresh PostgreSQL database of
// its own (DATABASE_URL's server, or the local one) with 1,000 people, and 64 concurrent clients
// making the economy's movements through the ledger service: conflicting spends on a few hot
// balances, gifts between people through gift_revenue (the sender's gift, the owner's share),
// multi-leg purchases, holds posted or voided, refills, and retries with reused keys (the same
// request again, two copies at once, and a key reused for another request). The same movements
// are then made as bare SQL without idempotency (the floor: what the books cost without keys).
// Prints JSON: transfers per second on both sides, and the books' invariants afterwards.
//   BENCH_LEDGER_USERS     people (default 1000)
//   BENCH_LEDGER_CLIENTS   concurrent clients (default 64)
//   BENCH_LEDGER_OPS       operations per side (default 20000)
//   BENCH_LEDGER_KEEP=1    keep the database afterwards (its name is printed)
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import type { Leg, Party } from '../apps/server/src/modules/ledger/accounts.ts';
import { fingerprintOf, ledgerService, type LedgerService } from '../apps/server/src/modules/ledger/ledger.service.ts';

const TARGET_TRANSFERS_PER_SECOND = 2000;
// the app's pool (db/client.ts): the bare SQL side gets as many connections, no more
const APP_POOL = 10;
// spends race on these people's balances, which start small: many are refused, none overdraws
const HOT_USERS = 20;

const round = (x: number, digits: number) => Number(x.toFixed(digits));

async function freshPostgres(serverUrl: string) {
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  const name = `starlit_bench_ledger_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.href, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** A small, fast, seeded generator: both sides draw the same sequence of operations. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}

/** One operation of the mix: the movements of one request, or a retry of an earlier one. */
type Op = { type: 'spend' | 'gift' | 'purchase' | 'refill'; user: string; legs: Leg[] } | { type: 'hold'; user: string; leg: Leg; post: number | null } | { type: 'retry' | 'twice' | 'reuse' };

function operations(count: number, users: string[], seed: number): Op[] {
  const r = random(seed);
  const anyone = () => users[r.int(0, users.length - 1)];
  const hot = () => users[r.int(0, HOT_USERS - 1)];
  const ops: Op[] = [];
  for (let i = 0; i < count; i++) {
    const roll = r.next();
    if (roll < 0.3) {
      const user = hot();
      ops.push({ type: 'spend', user, legs: [{ from: { user }, to: { system: 'store_revenue' }, currency: 'JE', amount: r.int(1, 8), kind: 'store_purchase' }] });
    } else if (roll < 0.55) {
      const [user, owner] = [anyone(), anyone()];
      const amount = r.int(2, 20);
      ops.push({
        type: 'gift',
        user,
        legs: [
          { from: { user }, to: { system: 'gift_revenue' }, currency: 'JE', amount, kind: 'gift', memo: { giftKey: 'rose' } },
          // the owner's share comes out of gift_revenue in the same request, as the gift flow moves it
          { from: { system: 'gift_revenue' }, to: { user: owner }, currency: 'JE', amount: Math.floor(amount / 2), kind: 'gift_share', memo: { giftKey: 'rose' } },
        ],
      });
    } else if (roll < 0.72) {
      const user = anyone();
      const leg = (currency: 'JE' | 'MSS') => ({ from: { user }, to: { system: 'store_revenue' } as Party, currency, amount: r.int(1, 30), kind: 'store_purchase' });
      ops.push({ type: 'purchase', user, legs: [leg('JE'), leg('JE'), leg('MSS')] });
    } else if (roll < 0.82) {
      const user = anyone();
      const amount = r.int(2, 20);
      ops.push({ type: 'hold', user, leg: { from: { user }, to: { system: 'generation_fees' }, currency: 'CWA', amount, kind: 'generation' }, post: r.next() < 0.6 ? r.int(1, amount) : null });
    } else if (roll < 0.92) {
      const user = r.next() < 0.5 ? hot() : anyone();
      ops.push({ type: 'refill', user, legs: [{ from: { system: 'bonus' }, to: { user }, currency: 'JE', amount: r.int(10, 60), kind: 'recharge' }] });
    } else if (roll < 0.97) ops.push({ type: 'retry' });
    else if (roll < 0.99) ops.push({ type: 'twice' });
    else ops.push({ type: 'reuse' });
  }
  return ops;
}

/** Runs `count` tasks over `clients` concurrent workers; answers the wall time in ms. */
async function drive(clients: number, count: number, task: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) await task(next++);
    }),
  );
  return performance.now() - started;
}

const isRefusal = (e: unknown) => e instanceof Error && 'code' in e && typeof (e as { code: unknown }).code === 'number';

/** The ledger side: every operation through `ledger.run` under a key, as the app's calls make them. */
async function throughLedger(ledger: LedgerService, ops: Op[], clients: number, turn: number) {
  const applied: Array<{ user: string; key: string; fingerprint: string }> = [];
  const counts = { applied: 0, refused: 0, replayed: 0, reusedRefused: 0, twiceApplied: 0 };
  let keys = 0;
  const run = async (user: string, key: string, fingerprint: string, work: Parameters<LedgerService['run']>[3]) => {
    try {
      const { replayed } = await ledger.run(user, key, fingerprint, work);
      if (replayed) counts.replayed++;
      else {
        counts.applied++;
        applied.push({ user, key, fingerprint });
      }
      return !replayed;
    } catch (e) {
      if (!isRefusal(e)) throw e;
      counts.refused++;
      return false;
    }
  };
  const moves = (legs: Leg[]) => async (books: Parameters<Parameters<LedgerService['run']>[3]>[0]) => {
    await books.move(...legs);
    return { legs: legs.length };
  };
  const ms = await drive(clients, ops.length, async (i) => {
    const op = ops[i];
    // keys are per person: a turn's own prefix keeps them apart from an earlier turn's
    const key = `bench_${turn}_${i}_${keys++}`;
    if (op.type === 'hold') {
      let held: string | null = null;
      await run(op.user, key, fingerprintOf('hold', op.leg), async (books) => {
        held = (await books.hold(op.leg)).id;
        return { held };
      });
      if (held) {
        const id: string = held;
        await run(op.user, `${key}_end`, fingerprintOf('settle', { id, post: op.post }), async (books) => (op.post === null ? books.void(id) : books.post(id, op.post)).then(() => ({ ended: id })));
      }
    } else if (op.type === 'retry' || op.type === 'reuse') {
      const earlier = applied[Math.floor(applied.length / 2)];
      if (!earlier) return;
      if (op.type === 'retry') await run(earlier.user, earlier.key, earlier.fingerprint, moves([]));
      else {
        try {
          await ledger.run(earlier.user, earlier.key, fingerprintOf('another', i), moves([]));
        } catch (e) {
          if (!isRefusal(e)) throw e;
          counts.reusedRefused++;
        }
      }
    } else if (op.type === 'twice') {
      // a double click: the same new request twice at once, which must move once
      const user = applied.at(-1)?.user;
      if (!user) return;
      const legs: Leg[] = [{ from: { system: 'bonus' }, to: { user }, currency: 'MSS', amount: 1, kind: 'checkin' }];
      const both = await Promise.all([0, 1].map(() => run(user, key, fingerprintOf('twice', i), moves(legs))));
      if (both.filter(Boolean).length !== 1) counts.twiceApplied++;
    } else if ('legs' in op) await run(op.user, key, fingerprintOf(op.type, op.legs), moves(op.legs));
  });
  return { ms, counts };
}

/**
 * The floor: the same movements as bare SQL on a pool of the app's size, one transaction each,
 * accounts locked in id order, the database's never-negative check the only guard. No keys:
 * retries have nothing to find, so they are left out.
 */
async function bareSql(url: string, ops: Op[], clients: number) {
  const pool = new pg.Pool({ connectionString: url, max: APP_POOL });
  const ids = new Map<string, string>();
  for (const row of (await pool.query<{ id: string; user_id: string | null; code: string; currency: string }>('select id, user_id, code, currency from ledger_accounts')).rows) {
    ids.set(`${row.user_id ?? row.code}:${row.currency}`, row.id);
  }
  const idOf = async (client: pg.PoolClient, party: Party, currency: string) => {
    const name = `${'user' in party ? party.user : party.system}:${currency}`;
    const known = ids.get(name);
    if (known) return known;
    const owner = 'user' in party ? [party.user, 'user'] : [null, party.system];
    const made = await client.query<{ id: string }>(`insert into ledger_accounts (user_id, code, currency) values ($1, $2, $3) on conflict do nothing returning id`, [...owner, currency]);
    const id =
      made.rows[0]?.id ?? (await client.query<{ id: string }>('select id from ledger_accounts where user_id is not distinct from $1 and code = $2 and currency = $3', [...owner, currency])).rows[0].id;
    ids.set(name, id);
    return id;
  };
  const counts = { applied: 0, refused: 0 };
  const transfer = async (legs: Leg[], status: 'posted' | 'pending') => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const deltas = new Map<string, { balance: number; debits: number; credits: number }>();
      const delta = (id: string) => deltas.get(id) ?? deltas.set(id, { balance: 0, debits: 0, credits: 0 }).get(id)!;
      const rows: unknown[][] = [];
      for (const leg of legs) {
        const [debit, credit] = [await idOf(client, leg.from, leg.currency), await idOf(client, leg.to, leg.currency)];
        if (status === 'posted') {
          delta(debit).balance -= leg.amount;
          delta(credit).balance += leg.amount;
        } else {
          delta(debit).debits += leg.amount;
          delta(credit).credits += leg.amount;
        }
        rows.push([debit, credit, leg.currency, leg.amount, status, leg.kind]);
      }
      for (const [id, d] of [...deltas].sort(([a], [b]) => (a < b ? -1 : 1))) {
        await client.query('update ledger_accounts set balance = balance + $2, pending_debits = pending_debits + $3, pending_credits = pending_credits + $4 where id = $1', [
          id,
          d.balance,
          d.debits,
          d.credits,
        ]);
      }
      const values = rows.map((_, i) => `($${i * 6 + 1}, $${i * 6 + 2}, $${i * 6 + 3}, $${i * 6 + 4}, $${i * 6 + 5}, $${i * 6 + 6})`).join(', ');
      const inserted = await client.query<{ id: string; debit_account_id: string; credit_account_id: string; amount: string }>(
        `insert into ledger_transfers (debit_account_id, credit_account_id, currency, amount, status, kind) values ${values} returning id, debit_account_id, credit_account_id, amount`,
        rows.flat(),
      );
      await client.query('commit');
      counts.applied++;
      return inserted.rows[0];
    } catch (e) {
      await client.query('rollback');
      if ((e as { code?: string }).code !== '23514') throw e;
      counts.refused++;
      return null;
    } finally {
      client.release();
    }
  };
  const settle = async (held: { id: string; debit_account_id: string; credit_account_id: string; amount: string }, post: number | null) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const amount = Number(held.amount);
      const moved = post ?? 0;
      const [first, second] = [
        [held.debit_account_id, -moved, -amount, 0],
        [held.credit_account_id, moved, 0, -amount],
      ].sort((a, b) => (a[0] < b[0] ? -1 : 1));
      for (const [id, balance, debits, credits] of [first, second]) {
        await client.query('update ledger_accounts set balance = balance + $2, pending_debits = pending_debits + $3, pending_credits = pending_credits + $4 where id = $1', [
          id,
          balance,
          debits,
          credits,
        ]);
      }
      await client.query(
        `insert into ledger_transfers (debit_account_id, credit_account_id, currency, amount, status, resolves, kind) select debit_account_id, credit_account_id, currency, $2, $3, id, kind from ledger_transfers where id = $1`,
        [held.id, post ?? amount, post === null ? 'void' : 'post'],
      );
      await client.query('commit');
      counts.applied++;
    } finally {
      client.release();
    }
  };
  const ms = await drive(clients, ops.length, async (i) => {
    const op = ops[i];
    if (op.type === 'hold') {
      const held = await transfer([op.leg], 'pending');
      if (held) await settle(held, op.post);
    } else if ('legs' in op) await transfer(op.legs, 'posted');
  });
  await pool.end();
  return { ms, counts };
}

/** The books after a run, from the database itself (beside the ledger's own check). */
async function books(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const one = async (text: string) => Number(Object.values((await c.query(text)).rows[0])[0]);
    return {
      transfers: await one('select count(*) from ledger_transfers'),
      negativeBalances: await one('select count(*) from ledger_accounts where user_id is not null and (balance < 0 or balance - pending_debits < 0)'),
      keysAppliedTwice: await one('select count(*) from (select request_id, leg from ledger_transfers where request_id is not null group by request_id, leg having count(*) > 1) d'),
      currenciesUnbalanced: await one('select count(*) from (select currency from ledger_accounts group by currency having sum(balance) <> 0 or sum(pending_debits) <> sum(pending_credits)) u'),
    };
  } finally {
    await c.end();
  }
}

export async function ledgerBench() {
  const users = Number(process.env.BENCH_LEDGER_USERS ?? 1000);
  const clients = Number(process.env.BENCH_LEDGER_CLIENTS ?? 64);
  const count = Number(process.env.BENCH_LEDGER_OPS ?? 20000);
  const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const fresh = await freshPostgres(server);
  const database = await openDatabase({ databaseUrl: fresh.url, pgliteDir: null });
  try {
    const ledger = ledgerService({ db: database.db });
    const seed = new pg.Client({ connectionString: fresh.url });
    await seed.connect();
    const ids = (await seed.query<{ id: string }>(`insert into users (id, user_name) select gen_random_uuid(), 'bench_' || g from generate_series(1, $1::int) g returning id`, [users])).rows.map(
      (r) => r.id,
    );
    await seed.end();
    // starting balances through the ledger itself: the hot few start small so their spends collide
    await drive(clients, ids.length, async (i) => {
      const user = { user: ids[i] };
      await ledger.within(undefined, (b) =>
        b.move(
          { from: { system: 'bonus' }, to: user, currency: 'JE', amount: i < HOT_USERS ? 40 : 2000, kind: 'recharge' },
          { from: { system: 'bonus' }, to: user, currency: 'MSS', amount: 500, kind: 'checkin' },
          { from: { system: 'bonus' }, to: user, currency: 'CWA', amount: 2000, kind: 'exchange' },
        ),
      );
    });
    const seeded = (await books(fresh.url)).transfers;

    // the two sides take turns, a slice of operations each, so a machine busier in one part of
    // the run than another weighs on both alike
    const rounds = Number(process.env.BENCH_LEDGER_ROUNDS ?? 4);
    const slice = Math.ceil(count / rounds);
    const viaLedger = { ms: 0, counts: { applied: 0, refused: 0, replayed: 0, reusedRefused: 0, twiceApplied: 0 } };
    const viaSql = { ms: 0, counts: { applied: 0, refused: 0 } };
    let ledgerTransfers = 0;
    let sqlTransfers = 0;
    let before = seeded;
    const add = <T extends Record<string, number>>(into: T, from: T) => {
      for (const k of Object.keys(from) as Array<keyof T>) (into[k] as number) += from[k];
    };
    for (let turn = 0; turn < rounds; turn++) {
      const part = await throughLedger(ledger, operations(slice, ids, 1 + turn * 2), clients, turn);
      viaLedger.ms += part.ms;
      add(viaLedger.counts, part.counts);
      const afterPart = (await books(fresh.url)).transfers;
      ledgerTransfers += afterPart - before;
      const raw = await bareSql(fresh.url, operations(slice, ids, 2 + turn * 2), clients);
      viaSql.ms += raw.ms;
      add(viaSql.counts, raw.counts);
      before = (await books(fresh.url)).transfers;
      sqlTransfers += before - afterPart;
    }
    const afterSql = await books(fresh.url);

    const violations = await ledger.violations();
    const perSecond = (n: number, ms: number) => round((n * 1000) / ms, 0);
    const result = {
      users,
      clients,
      operationsPerSide: slice * rounds,
      rounds,
      ledger: {
        transfers: ledgerTransfers,
        seconds: round(viaLedger.ms / 1000, 2),
        transfersPerSecond: perSecond(ledgerTransfers, viaLedger.ms),
        requestsPerSecond: perSecond(viaLedger.counts.applied + viaLedger.counts.refused + viaLedger.counts.replayed, viaLedger.ms),
        ...viaLedger.counts,
      },
      bareSql: {
        transfers: sqlTransfers,
        seconds: round(viaSql.ms / 1000, 2),
        transfersPerSecond: perSecond(sqlTransfers, viaSql.ms),
        ...viaSql.counts,
      },
      ledgerOverBareSql: round(perSecond(ledgerTransfers, viaLedger.ms) / perSecond(sqlTransfers, viaSql.ms), 2),
      negativeBalances: afterSql.negativeBalances,
      keysAppliedTwice: afterSql.keysAppliedTwice + viaLedger.counts.twiceApplied,
      debitsEqualCredits: afterSql.currenciesUnbalanced === 0,
      ledgerCheck: violations.length === 0 ? 'clean' : violations.map((v) => v.invariant),
      target: { transfersPerSecond: TARGET_TRANSFERS_PER_SECOND, met: perSecond(ledgerTransfers, viaLedger.ms) >= TARGET_TRANSFERS_PER_SECOND },
    };
    return result;
  } finally {
    await database.close();
    if (process.env.BENCH_LEDGER_KEEP === '1') console.error(`kept database ${fresh.name}`);
    else await fresh.drop();
  }
}
