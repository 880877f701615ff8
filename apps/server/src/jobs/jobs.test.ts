import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testDatabase } from '../../test/server.ts';
import type { Database } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';
import { defineHourlySweep, defineJob, type AnyJob } from './define-job.ts';
import { InvalidJobPayloadError, jobSystem, type JobSystem, type JobSystemOptions } from './job-system.ts';
import { jobQueue } from './queue.ts';
import { startWorker } from './worker.ts';

let db: Awaited<ReturnType<typeof testDatabase>>;
let database: Database;
const running: Array<{ stop(): Promise<void> }> = [];

// one database for the file: each test uses job names of its own
beforeAll(async () => {
  db = await testDatabase();
  database = db.database;
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

afterAll(() => db.drop());

const options = { defaultRetry: { attempts: 3, backoffMs: 10 }, retentionMs: 60 * 60_000, singleProcess: false, pollMs: 20 };

/** A job system over `definitions`, stopped after the test; start() is the test's to call. */
function system<const Defs extends readonly AnyJob[]>(definitions: Defs, overrides: Partial<JobSystemOptions> = {}): JobSystem<Defs> {
  const made = jobSystem(database.db, definitions, { ...options, ...overrides });
  running.push(made);
  return made;
}

const get = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0];

async function until(id: string, status: string, timeoutMs = 10_000) {
  const start = Date.now();
  for (;;) {
    const job = await get(id);
    if (job?.status === status) return job;
    if (Date.now() - start > timeoutMs) throw new Error(`job ${id} is ${job?.status}, not ${status}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const never = () => new Promise<never>(() => undefined);

describe('job registry', () => {
  it('checks payloads on enqueue (by type and by schema) and stores the parsed one; runs to done with progress', async () => {
    const echo = defineJob({
      name: 'echo',
      payload: z.object({ n: z.number().int(), note: z.string().trim().default('') }),
      timeoutMs: 5_000,
      handler: async (p, ctx) => {
        await ctx.progress(50);
        return { echoed: p.n, note: p.note, attempt: ctx.attempt };
      },
    });
    const s = system([echo]);
    s.provide('echo');
    // @ts-expect-error a payload of the wrong type does not compile
    await expect(s.enqueue(database.db, 'echo', { n: 'one' })).rejects.toThrow(InvalidJobPayloadError);
    // @ts-expect-error nor does a name no definition has
    await expect(s.enqueue(database.db, 'nope', {})).rejects.toThrow('no job is defined as nope');
    await expect(s.enqueue(database.db, 'echo', { n: 1.5, note: '' })).rejects.toThrow('job echo: invalid payload: n:');
    expect(await database.db.select().from(jobs).where(eq(jobs.kind, 'echo'))).toEqual([]);

    const job = await s.enqueue(database.db, 'echo', { n: 1, note: '  hi  ' });
    expect(job.payload).toEqual({ n: 1, note: 'hi' });
    await s.start();
    const done = await until(job.id, 'done');
    expect(done).toMatchObject({ result: { echoed: 1, note: 'hi', attempt: 1 }, attempts: 1, progress: 100 });
  });

  it('reports progress while running', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = defineJob({
      name: 'progress',
      payload: z.object({}),
      timeoutMs: 5_000,
      handler: async (_p, ctx) => {
        await ctx.progress(42.4);
        await gate;
      },
    });
    const s = system([slow]);
    s.provide('progress');
    await s.start();
    const job = await s.enqueue(database.db, 'progress', {});
    for (let i = 0; i < 200 && (await get(job.id))?.progress !== 42; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await get(job.id)).toMatchObject({ status: 'running', progress: 42 });
    release();
    await until(job.id, 'done');
  });

  it('retries with doubling backoff and fails for good after the last attempt; retry starts over', async () => {
    let healthy = false;
    const starts: number[] = [];
    const settled: string[] = [];
    const flaky = defineJob({
      name: 'flaky',
      payload: z.object({}),
      timeoutMs: 5_000,
      retry: { attempts: 3, backoffMs: 200 },
      handler: async () => {
        starts.push(Date.now());
        if (!healthy) throw new Error('provider down');
        return 'ok';
      },
      onSettled: (_p, _job, status) => {
        settled.push(status);
      },
    });
    const s = system([flaky]);
    s.provide('flaky');
    await s.start();
    const job = await s.enqueue(database.db, 'flaky', {});
    const failed = await until(job.id, 'failed');
    expect(failed).toMatchObject({ attempts: 3, maxAttempts: 3, error: 'provider down' });
    expect(settled).toEqual(['queued', 'queued', 'failed']);
    // 200 ms after the first failure, 400 ms after the second
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(190);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(390);
    healthy = true;
    expect(await s.retry(job.id)).toBe(true);
    expect(await until(job.id, 'done')).toMatchObject({ attempts: 1, result: 'ok' });
    expect(await s.retry(job.id)).toBe(false);
  });

  it('times out a handler that never settles: its signal is aborted, its slot freed, and it is retried then failed', async () => {
    const signals: AbortSignal[] = [];
    const hang = defineJob({
      name: 'hang',
      payload: z.object({ hang: z.boolean() }),
      timeoutMs: 150,
      concurrency: 1,
      retry: { attempts: 2, backoffMs: 10 },
      handler: async (p, ctx) => {
        if (!p.hang) return 'quick';
        signals.push(ctx.signal);
        return never();
      },
    });
    const s = system([hang]);
    s.provide('hang');
    await s.start();
    const hung = await s.enqueue(database.db, 'hang', { hang: true });
    const next = await s.enqueue(database.db, 'hang', { hang: false });
    // with one slot, the second job runs only because the hung one gave its slot back
    expect((await until(next.id, 'done')).result).toBe('quick');
    const failed = await until(hung.id, 'failed');
    expect(failed).toMatchObject({ attempts: 2, error: 'timed out after 150 ms' });
    expect(signals).toHaveLength(2);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
    expect(s.running()).toBe(0);
  });

  it('cancels a queued job (never run) and a running one (aborted, slot freed)', async () => {
    const seen: string[] = [];
    let aborted: unknown = null;
    const work = defineJob({
      name: 'cancellable',
      payload: z.object({ tag: z.string() }),
      timeoutMs: 60_000,
      concurrency: 1,
      handler: async (p, ctx) => {
        seen.push(p.tag);
        if (p.tag !== 'hang') return p.tag;
        ctx.signal.addEventListener('abort', () => (aborted = ctx.signal.reason));
        return never();
      },
    });
    const s = system([work]);
    s.provide('cancellable');
    const queued = await s.enqueue(database.db, 'cancellable', { tag: 'queued' });
    expect(await s.cancel(queued.id)).toBe(true);
    await s.start();
    const hung = await s.enqueue(database.db, 'cancellable', { tag: 'hang' });
    await until(hung.id, 'running');
    expect(await s.cancel(hung.id)).toBe(true);
    expect(aborted).toBeInstanceOf(Error);
    const after = await s.enqueue(database.db, 'cancellable', { tag: 'after' });
    expect((await until(after.id, 'done')).result).toBe('after');
    expect(seen).toEqual(['hang', 'after']);
    expect(await get(queued.id)).toMatchObject({ status: 'cancelled', attempts: 0 });
    expect(await get(hung.id)).toMatchObject({ status: 'cancelled' });
    expect(await s.cancel(after.id)).toBe(false);
  });

  it('stops a job cancelled by another instance at its next heartbeat', async () => {
    let aborted = false;
    const work = defineJob({
      name: 'remote-cancel',
      payload: z.object({}),
      timeoutMs: 60_000,
      handler: (_p, ctx) => {
        ctx.signal.addEventListener('abort', () => (aborted = true));
        return never();
      },
    });
    // a lease of 90 ms: a heartbeat every 30 ms
    const s = system([work], { leaseMs: 90 });
    s.provide('remote-cancel');
    await s.start();
    const job = await s.enqueue(database.db, 'remote-cancel', {});
    await until(job.id, 'running');
    expect(await jobQueue(database.db).cancel(job.id)).toBe(true);
    for (let i = 0; i < 200 && !aborted; i++) await new Promise((r) => setTimeout(r, 20));
    expect(aborted).toBe(true);
    expect(s.running()).toBe(0);
  });

  it('dedupes: an enqueue with a live job of the same key answers that job; a finished one does not count', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const unique = defineJob({
      name: 'unique',
      payload: z.object({ key: z.string(), n: z.number() }),
      timeoutMs: 5_000,
      dedupeKey: (p) => p.key,
      handler: async (p) => {
        await gate;
        return p.n;
      },
    });
    const s = system([unique]);
    s.provide('unique');
    const first = await s.enqueue(database.db, 'unique', { key: 'a', n: 1 });
    const same = await Promise.all([1, 2, 3].map((n) => s.enqueue(database.db, 'unique', { key: 'a', n: n + 1 })));
    expect(same.map((j) => j.id)).toEqual([first.id, first.id, first.id]);
    const other = await s.enqueue(database.db, 'unique', { key: 'b', n: 9 });
    expect(other.id).not.toBe(first.id);
    await s.start();
    await until(first.id, 'running');
    // running is live too
    expect((await s.enqueue(database.db, 'unique', { key: 'a', n: 5 })).id).toBe(first.id);
    release();
    expect((await until(first.id, 'done')).result).toBe(1);
    const again = await s.enqueue(database.db, 'unique', { key: 'a', n: 6 });
    expect(again.id).not.toBe(first.id);
    expect((await until(again.id, 'done')).result).toBe(6);
  });

  it('deletes finished jobs after the retention period and keeps live and recent ones', async () => {
    const keep = defineJob({ name: 'retained', payload: z.object({ n: z.number() }), timeoutMs: 5_000, handler: async () => null });
    const s = system([keep], { retentionMs: 60_000 });
    s.provide('retained');
    const ids = [];
    for (let n = 0; n < 5; n++) ids.push((await s.enqueue(database.db, 'retained', { n })).id);
    const [oldDone, oldFailed, oldCancelled, recentDone, queued] = ids as [string, string, string, string, string];
    const age = sql`now() - interval '2 minutes'`;
    await database.db.update(jobs).set({ status: 'done', updatedAt: age }).where(eq(jobs.id, oldDone));
    await database.db.update(jobs).set({ status: 'failed', updatedAt: age }).where(eq(jobs.id, oldFailed));
    await database.db.update(jobs).set({ status: 'cancelled', updatedAt: age }).where(eq(jobs.id, oldCancelled));
    await database.db.update(jobs).set({ status: 'done' }).where(eq(jobs.id, recentDone));
    // an old queued job is still to do, however long it waited
    await database.db.update(jobs).set({ updatedAt: age }).where(eq(jobs.id, queued));
    expect(await s.deleteFinished()).toBe(3);
    const left = await database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, 'retained'));
    expect(left.map((r) => r.id).sort()).toEqual([recentDone, queued].sort());
  });

  it("enqueues inside the caller's transaction: rolled back with it, there once it commits", async () => {
    const inTx = defineJob({ name: 'in-tx', payload: z.object({ n: z.number() }), timeoutMs: 5_000, handler: async (p) => p.n });
    const s = system([inTx]);
    s.provide('in-tx');
    await s.start();
    let rolledBack = '';
    await expect(
      database.db.transaction(async (tx) => {
        rolledBack = (await s.enqueue(tx, 'in-tx', { n: 1 })).id;
        throw new Error('the caller failed after enqueueing');
      }),
    ).rejects.toThrow('the caller failed');
    expect(rolledBack).not.toBe('');
    expect(await get(rolledBack)).toBeUndefined();
    const committed = await database.db.transaction(async (tx) => {
      const job = await s.enqueue(tx, 'in-tx', { n: 2 });
      // not visible outside the transaction before it commits (PGlite's one connection is the transaction's until then)
      if (database.kind === 'postgres') expect(await get(job.id)).toBeUndefined();
      return job;
    });
    s.wake();
    expect((await until(committed.id, 'done')).result).toBe(2);
  });

  it('claims the higher priority first among due jobs of every kind', async () => {
    const low = defineJob({ name: 'low', payload: z.object({}), timeoutMs: 5_000, handler: async () => null });
    const high = defineJob({ name: 'high', payload: z.object({}), timeoutMs: 5_000, priority: 10, handler: async () => null });
    const s = system([low, high]);
    const first = await s.enqueue(database.db, 'low', {});
    const second = await s.enqueue(database.db, 'low', {});
    const urgent = await s.enqueue(database.db, 'high', {});
    const queue = jobQueue(database.db);
    const claimed = [];
    for (let i = 0; i < 3; i++) claimed.push((await queue.claim(['low', 'high']))?.id);
    expect(claimed).toEqual([urgent.id, first.id, second.id]);
  });

  it('runs each kind within its own concurrency', async () => {
    let inFlight = 0;
    let most = 0;
    const wide = defineJob({
      name: 'wide',
      payload: z.object({}),
      timeoutMs: 5_000,
      concurrency: 3,
      handler: async () => {
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, 50));
        inFlight--;
      },
    });
    const s = system([wide]);
    s.provide('wide');
    const wides = [];
    for (let n = 0; n < 7; n++) wides.push(await s.enqueue(database.db, 'wide', {}));
    await s.start();
    for (const w of wides) await until(w.id, 'done');
    expect(most).toBe(3);
  });

  it('keeps one turn of a recurring job queued: runs at the first start, then every interval', async () => {
    let runs = 0;
    const tick = defineJob({ name: 'tick', payload: z.object({}), everyMs: 300, timeoutMs: 5_000, handler: async () => ++runs });
    const s = system([tick]);
    s.provide('tick');
    await s.start();
    // a second instance starting adds no second turn
    const other = system([tick]);
    other.provide('tick');
    await other.start();
    await other.stop();
    const rows = async () => database.db.select().from(jobs).where(eq(jobs.kind, 'tick'));
    const started = Date.now();
    for (let i = 0; i < 200 && (await rows()).filter((r) => r.status === 'done').length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    // three turns take two intervals: none ran early, none twice
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    const all = await rows();
    expect(all.filter((r) => r.status === 'done').length).toBeGreaterThanOrEqual(3);
    expect(all.filter((r) => r.status === 'queued' || r.status === 'running')).toHaveLength(1);
    expect(runs).toBe(all.filter((r) => r.status === 'done').length);
  });

  it('does not lose a wake that comes while a claim is in flight: the job runs at once, not at the next poll', async () => {
    const real = jobQueue(database.db);
    let reached!: () => void;
    const atGate = new Promise<void>((r) => (reached = r));
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let first = true;
    // the real queue, with its first claim's answer held back until the test lets it go
    const queue = {
      ...real,
      async claim(kinds: string[]) {
        const row = await real.claim(kinds);
        if (first) {
          first = false;
          reached();
          await gate;
        }
        return row;
      },
    };
    const quick = defineJob({ name: 'lost-wake', payload: z.object({}), timeoutMs: 5_000, handler: async () => 'ran' });
    const runnable = { definition: quick as AnyJob, deps: undefined, retry: { attempts: 1, backoffMs: 0 } };
    // a poll a minute away: only the wake can bring the job to the worker within the test
    const worker = startWorker(queue, new Map([['lost-wake', runnable]]), { pollMs: 60_000 });
    running.push(worker);
    await atGate;
    const job = await real.enqueue(database.db, { kind: 'lost-wake', payload: {}, maxAttempts: 1, priority: 0, dedupeKey: null });
    worker.wake();
    open();
    expect((await until(job.id, 'done', 3_000)).result).toBe('ran');
  });

  it('never gives one job to two claimers', async () => {
    const queue = jobQueue(database.db);
    const made = await Promise.all(Array.from({ length: 6 }, (_, i) => queue.enqueue(database.db, { kind: 'x', payload: { i }, maxAttempts: 1, priority: 0, dedupeKey: null })));
    const claimed = await Promise.all(Array.from({ length: 8 }, () => queue.claim(['x'])));
    const got = claimed.filter((j) => j !== null).map((j) => j.id);
    expect(new Set(got).size).toBe(got.length);
    expect(got.sort()).toEqual(made.map((j) => j.id).sort());
  });
});

describe('restarts', () => {
  const slow = (handler: (signal: AbortSignal) => Promise<unknown>) => defineJob({ name: 'slow', payload: z.object({}), timeoutMs: 60_000, handler: (_p, ctx) => handler(ctx.signal) });

  it('a job left running by a stopped process is taken over once its lease is stale, and the old attempt cannot record', async () => {
    let started!: () => void;
    const isRunning = new Promise<void>((r) => (started = r));
    const first = system([
      slow(() => {
        started();
        return never();
      }),
    ]);
    first.provide('slow');
    await first.start();
    const job = await first.enqueue(database.db, 'slow', {});
    await isRunning;
    await first.stop();
    expect((await get(job.id))?.status).toBe('running');
    // a fresh lease is someone's live work; only an old one is taken over
    expect(await jobQueue(database.db).requeueStale(60_000)).toBe(0);
    await database.db.update(jobs).set({ lockedAt: sql`now() - interval '2 minutes'` }).where(eq(jobs.id, job.id));
    const second = system([slow(async () => 'finished')]);
    second.provide('slow');
    await second.start();
    const done = await until(job.id, 'done');
    expect(done).toMatchObject({ result: 'finished', attempts: 2 });
    // the first attempt's late answer is not this row's any more
    expect(await jobQueue(database.db).complete({ ...job, attempts: 1 }, 'stale')).toBe(false);
  });

  it('with one process only (PGlite) takes over at start', async () => {
    const abandoned = defineJob({ name: 'abandoned', payload: z.object({}), timeoutMs: 5_000, handler: async () => 'again' });
    const s = system([abandoned], { singleProcess: true });
    s.provide('abandoned');
    const job = await s.enqueue(database.db, 'abandoned', {});
    expect((await jobQueue(database.db).claim(['abandoned']))?.id).toBe(job.id);
    await s.start();
    expect((await until(job.id, 'done')).result).toBe('again');
  });

  it('refuses to start while a definition lacks its dependencies', async () => {
    const needs = defineJob({ name: 'needs', payload: z.object({}), timeoutMs: 5_000, handler: async (_p, _ctx, deps: { value: number }) => deps.value });
    const s = system([needs]);
    await expect(s.start()).rejects.toThrow('jobs without their dependencies: needs');
  });
});

describe('jobs provided by modules', () => {
  const swept = (what: string) => ({ sweep: async () => what });

  it('runs each job with what the one module providing it returned', async () => {
    const s = system([defineHourlySweep('first.sweep', 5_000), defineHourlySweep('second.sweep', 5_000)]);
    s.provideAll([{ name: 'first', jobs: { 'first.sweep': swept('by first') } }, { name: 'second', jobs: { 'second.sweep': swept('by second') } }, { name: 'none' }]);
    await s.start();
    const [first] = await database.db.select().from(jobs).where(eq(jobs.kind, 'first.sweep'));
    const [second] = await database.db.select().from(jobs).where(eq(jobs.kind, 'second.sweep'));
    expect((await until(first!.id, 'done')).result).toBe('by first');
    expect((await until(second!.id, 'done')).result).toBe('by second');
  });

  it('refuses a registered job that no module provides, naming it', async () => {
    const s = system([defineHourlySweep('kept.sweep', 5_000), defineHourlySweep('orphan.sweep', 5_000)]);
    expect(() => s.provideAll([{ name: 'kept', jobs: { 'kept.sweep': swept('kept') } }])).toThrow(/^job orphan\.sweep is provided by no module \(/);
    await expect(s.start()).rejects.toThrow('jobs without their dependencies: orphan.sweep');
  });

  it('refuses a job that two modules provide, naming both', () => {
    const s = system([defineHourlySweep('shared.sweep', 5_000)]);
    const twice = [
      { name: 'media', jobs: { 'shared.sweep': swept('media') } },
      { name: 'auth', jobs: { 'shared.sweep': swept('auth') } },
    ];
    expect(() => s.provideAll(twice)).toThrow(/^job shared\.sweep is provided by more than one module: media, auth \(/);
  });
});
