// The creation bench's eyes in its own database: when each job was enqueued, claimed and started
// (triggers the bench adds, on the database's clock), and the money once everything ended.
import type pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { ledgerService } from '../../apps/server/src/modules/ledger/ledger.service.ts';
import { pct, round } from '../chat/figures.ts';

/**
 * Notes, in a `bench` schema of the bench's own database, the moment (clock_timestamp) each job
 * row is inserted, each time it becomes running (a claim), is queued again from running (a
 * takeover after its lease, or a failed attempt's retry: the offline engine does not fail) or
 * ends, and when its creation's first progress is written (the handler is running: after the
 * claim committed and the handler read its creation). The server's rows keep none of these:
 * `locked_at` is refreshed by heartbeats and cleared at the end. The insert happens inside the
 * transaction that accepts the creation, so every span from it includes the rest of that
 * transaction and its commit.
 */
export async function installJobClock(client: pg.Client) {
  await client.query(`
    create schema bench;
    create table bench.job_events (job_id uuid not null, event text not null, at timestamptz not null default clock_timestamp());
    create function bench.note_job() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into bench.job_events (job_id, event) values (new.id, 'enqueued');
      elsif new.status = 'running' and old.status = 'queued' then
        insert into bench.job_events (job_id, event) values (new.id, 'claimed');
      elsif new.status = 'queued' and old.status = 'running' then
        insert into bench.job_events (job_id, event) values (new.id, 'requeued');
      elsif new.status in ('done', 'failed', 'cancelled') and old.status = 'running' then
        insert into bench.job_events (job_id, event) values (new.id, 'finished');
      end if;
      return null;
    end $$;
    create trigger bench_note_job after insert or update of status on jobs for each row execute function bench.note_job();
    create function bench.note_creation() returns trigger language plpgsql as $$
    begin
      if old.progress = 0 and new.progress > 0 then
        insert into bench.job_events (job_id, event) values (new.job_id, 'started');
      end if;
      return null;
    end $$;
    create trigger bench_note_creation after update of progress on creations for each row execute function bench.note_creation();
  `);
}

/** Per creation of these, in ms on the database's clock: enqueue to its job's first claim, and to its first progress (the start). */
export async function startLatencies(client: pg.Client, creationIds: string[]) {
  const { rows } = await client.query<{ claimed: number; started: number }>(
    `select extract(epoch from (select min(c.at) from bench.job_events c where c.job_id = cr.job_id and c.event = 'claimed') - e.at) * 1000 as claimed,
            extract(epoch from (select min(s.at) from bench.job_events s where s.job_id = cr.job_id and s.event = 'started') - e.at) * 1000 as started
       from creations cr
       join bench.job_events e on e.job_id = cr.job_id and e.event = 'enqueued'
      where cr.id = any($1::uuid[])`,
    [creationIds],
  );
  return { claimed: rows.map((r) => Number(r.claimed)), started: rows.map((r) => Number(r.started)) };
}

/**
 * How the jobs of these creations used the worker's slots: each one's run (its last claim to its
 * end, on the database's clock) and the share of `slots` × the span from the first claim to the
 * last end that runs filled.
 */
export async function slotUse(client: pg.Client, creationIds: string[], slots: number) {
  const { rows } = await client.query<{ claimed: number; finished: number }>(
    `select extract(epoch from max(c.at)) * 1000 as claimed, extract(epoch from f.at) * 1000 as finished
       from creations cr
       join bench.job_events c on c.job_id = cr.job_id and c.event = 'claimed'
       join bench.job_events f on f.job_id = cr.job_id and f.event = 'finished'
      where cr.id = any($1::uuid[])
      group by cr.id, f.at`,
    [creationIds],
  );
  const runs = rows.map((r) => Number(r.finished) - Number(r.claimed));
  const span = Math.max(...rows.map((r) => Number(r.finished))) - Math.min(...rows.map((r) => Number(r.claimed)));
  return { jobRunMs: summary(runs), slotsBusy: round(runs.reduce((sum, ms) => sum + ms, 0) / (slots * span)) };
}

/**
 * What one statement costs on this machine now, from this process: `select 1` (a round trip),
 * and a one-row update committed on its own (a round trip and a wait for the disk, as each of a
 * job's durable steps: the claim, the settling, the completion).
 */
export async function statementCosts(client: pg.Client, times = 200) {
  await client.query('create table bench.probe (n int not null); insert into bench.probe values (0)');
  const timed = async (text: string) => {
    const took: number[] = [];
    for (let i = 0; i < times; i++) {
      const t = performance.now();
      await client.query(text);
      took.push(performance.now() - t);
    }
    return summary(took);
  };
  return { selectOneMs: await timed('select 1'), commitMs: await timed('update bench.probe set n = n + 1') };
}

/** Jobs queued again from running (a lease that ran out), and their next claim, in ms after `since` (epoch ms). */
export async function takeovers(client: pg.Client, since: number) {
  const { rows } = await client.query<{ requeued_ms: number; reclaimed_ms: number | null }>(
    `select extract(epoch from r.at) * 1000 - $1 as requeued_ms,
            (select extract(epoch from min(c.at)) * 1000 - $1 from bench.job_events c where c.job_id = r.job_id and c.event = 'claimed' and c.at > r.at) as reclaimed_ms
       from bench.job_events r where r.event = 'requeued' and r.at >= to_timestamp($1 / 1000.0)`,
    [since],
  );
  return {
    jobsTakenOver: rows.length,
    firstRequeuedAfterKillMs: rows.length ? round(Math.min(...rows.map((r) => Number(r.requeued_ms)))) : null,
    lastReclaimedAfterKillMs: rows.length ? round(Math.max(...rows.map((r) => Number(r.reclaimed_ms ?? Number.NaN)))) : null,
    notReclaimed: rows.filter((r) => r.reclaimed_ms === null).length,
  };
}

export const running = async (client: pg.Client) => Number((await client.query<{ n: string }>(`select count(*) as n from jobs where status = 'running'`)).rows[0]!.n);

export const generating = async (client: pg.Client) => Number((await client.query<{ n: string }>(`select count(*) as n from creations where state = 'generating'`)).rows[0]!.n);

/**
 * Every creation of the database against its hold, once nothing is generating:
 * - a double charge is a hold settled more than once (posted and voided, or twice), or a
 *   creation done whose hold was not posted exactly once;
 * - a lost refund is a failed or cancelled creation whose hold was not voided exactly once, a
 *   creation not done whose hold was posted, a creation still generating with no live job, or a
 *   creation hold no creation names.
 * Each person's counts must be what the admin gave minus what their done creations cost, with
 * nothing held; the ledger's own invariants (`npm run ledger:check`) must hold.
 */
export async function auditMoney(client: pg.Client, databaseUrl: string, granted: Map<string, number>) {
  const { rows } = await client.query<Record<string, string>>(`
    with s as (
      select c.id, c.state, h.status as hold_status,
             count(e.id) filter (where e.status = 'post') as posts,
             count(e.id) filter (where e.status = 'void') as voids
        from creations c
        left join ledger_transfers h on h.id = c.hold_id
        left join ledger_transfers e on e.resolves = c.hold_id
       group by c.id, c.state, h.status)
    select count(*) as creations,
           count(*) filter (where state <> 'generating') as ended,
           count(*) filter (where state = 'done') as done,
           count(*) filter (where state = 'failed') as failed,
           count(*) filter (where state = 'cancelled') as cancelled,
           count(*) filter (where state = 'generating') as generating,
           coalesce(sum(posts), 0) as holds_posted,
           coalesce(sum(voids), 0) as holds_voided,
           count(*) filter (where posts + voids = 0) as holds_pending,
           count(*) filter (where hold_status is distinct from 'pending') as without_hold,
           count(*) filter (where posts + voids > 1 or (state = 'done' and posts <> 1)) as double_charges,
           count(*) filter (where (state in ('failed', 'cancelled') and voids <> 1) or (state <> 'done' and posts > 0)) as unrefunded
      from s`);
  const s = Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)]));
  const stranded = Number(
    (
      await client.query<{ n: string }>(
        `select count(*) as n from creations c left join jobs j on j.id = c.job_id
          where c.state = 'generating' and (j.id is null or j.status not in ('queued', 'running'))`,
      )
    ).rows[0]!.n,
  );
  const orphanHolds = Number(
    (
      await client.query<{ n: string }>(
        `select count(*) as n from ledger_transfers t
          where t.status = 'pending' and t.kind = 'creation' and not exists (select 1 from creations c where c.hold_id = t.id)`,
      )
    ).rows[0]!.n,
  );
  const accounts = await client.query<{ user_id: string; balance: string; pending_debits: string; spent: string }>(
    `select a.user_id, a.balance, a.pending_debits,
            coalesce((select sum(c.cost_amount) from creations c where c.owner_id = a.user_id and c.state = 'done' and c.cost_currency = 'CAC'), 0) as spent
       from ledger_accounts a where a.currency = 'CAC' and a.user_id = any($1::uuid[])`,
    [[...granted.keys()]],
  );
  const balancesWrong = accounts.rows.filter((a) => Number(a.balance) !== granted.get(a.user_id)! - Number(a.spent) || Number(a.pending_debits) !== 0).length + (granted.size - accounts.rows.length);
  const database = await openDatabase({ databaseUrl, pgliteDir: null });
  let violations: Awaited<ReturnType<ReturnType<typeof ledgerService>['violations']>>;
  try {
    violations = await ledgerService({ db: database.db }).violations();
  } finally {
    await database.close();
  }
  return {
    creations: s.creations,
    ended: s.ended,
    done: s.done,
    failed: s.failed,
    cancelled: s.cancelled,
    stillGenerating: s.generating,
    holdsPosted: s.holds_posted,
    holdsVoided: s.holds_voided,
    holdsPending: s.holds_pending,
    doubleCharges: s.double_charges + s.without_hold,
    lostRefunds: s.unrefunded + stranded + orphanHolds,
    generatingWithoutLiveJob: stranded,
    orphanHolds,
    balancesWrong,
    ledgerViolations: violations.map((v) => ({ invariant: v.invariant, rows: v.rows.length })),
  };
}

export const summary = (values: number[]) => ({ n: values.length, p50: pct(values, 0.5), p99: pct(values, 0.99), max: values.length ? round(Math.max(...values)) : null });
