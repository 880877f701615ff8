import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobsTestBed, never } from '../../test/job-system.ts';
import { eventually } from '../../test/eventually.ts';
import { jobs } from '../db/schema/jobs.ts';
import { defineJob, type AnyJob } from './define-job.ts';
import { jobQueue } from './queue.ts';
import { startWorker } from './worker.ts';

const bed = jobsTestBed();
const { system, get, until } = bed;

describe('the worker', () => {
  it('claims the higher priority first among due jobs of every kind', async () => {
    const low = defineJob({ name: 'low', payload: z.object({}), timeoutMs: 5_000, handler: async () => null });
    const high = defineJob({ name: 'high', payload: z.object({}), timeoutMs: 5_000, priority: 10, handler: async () => null });
    const s = system([low, high]);
    const first = await s.enqueue(bed.database.db, 'low', {});
    const second = await s.enqueue(bed.database.db, 'low', {});
    const urgent = await s.enqueue(bed.database.db, 'high', {});
    const queue = jobQueue(bed.database.db);
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
    for (let n = 0; n < 7; n++) wides.push(await s.enqueue(bed.database.db, 'wide', {}));
    await s.start();
    for (const w of wides) await until(w.id, 'done');
    expect(most).toBe(3);
  });

  it('keeps one turn of a recurring job queued: runs at the first start, then every interval', async () => {
    let runs = 0;
    const tick = defineJob({ name: 'tick', payload: z.object({}), everyMs: 300, timeoutMs: 5_000, handler: async () => ++runs });
    const s = system([tick]);
    s.provide('tick');
    // the first turn runs at start: three turns are two intervals after it at the earliest
    const started = Date.now();
    await s.start();
    // a second instance starting adds no second turn
    const other = system([tick]);
    other.provide('tick');
    await other.start();
    await other.stop();
    const rows = async () => bed.database.db.select().from(jobs).where(eq(jobs.kind, 'tick'));
    for (let i = 0; i < 200 && (await rows()).filter((r) => r.status === 'done').length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    // three turns take two intervals: none ran early, none twice
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    // a turn is marked done a moment before the next one is queued: read once the next is there
    const all = await eventually(rows, (found) => found.some((r) => r.status === 'queued' || r.status === 'running'));
    expect(all.filter((r) => r.status === 'done').length).toBeGreaterThanOrEqual(3);
    expect(all.filter((r) => r.status === 'queued' || r.status === 'running')).toHaveLength(1);
    expect(runs).toBe(all.filter((r) => r.status === 'done').length);
  });

  it('does not lose a wake that comes while a claim is in flight: the job runs at once, not at the next poll', async () => {
    const real = jobQueue(bed.database.db);
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
    bed.stopAfter(worker);
    await atGate;
    const job = await real.enqueue(bed.database.db, { kind: 'lost-wake', payload: {}, maxAttempts: 1, priority: 0, dedupeKey: null });
    worker.wake();
    open();
    expect((await until(job.id, 'done', 3_000)).result).toBe('ran');
  });

  it('never gives one job to two claimers', async () => {
    const queue = jobQueue(bed.database.db);
    const made = await Promise.all(Array.from({ length: 6 }, (_, i) => queue.enqueue(bed.database.db, { kind: 'x', payload: { i }, maxAttempts: 1, priority: 0, dedupeKey: null })));
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
    const job = await first.enqueue(bed.database.db, 'slow', {});
    await isRunning;
    await first.stop();
    expect((await get(job.id))?.status).toBe('running');
    // a fresh lease is someone's live work; only an old one is taken over
    expect(await jobQueue(bed.database.db).requeueStale(60_000)).toBe(0);
    await bed.database.db.update(jobs).set({ lockedAt: sql`now() - interval '2 minutes'` }).where(eq(jobs.id, job.id));
    const second = system([slow(async () => 'finished')]);
    second.provide('slow');
    await second.start();
    const done = await until(job.id, 'done');
    expect(done).toMatchObject({ result: 'finished', attempts: 2 });
    // the first attempt's late answer is not this row's any more
    expect(await jobQueue(bed.database.db).complete({ ...job, attempts: 1 }, 'stale')).toBe(false);
  });

  it('with one process only (PGlite) takes over at start', async () => {
    const abandoned = defineJob({ name: 'abandoned', payload: z.object({}), timeoutMs: 5_000, handler: async () => 'again' });
    const s = system([abandoned], { singleProcess: true });
    s.provide('abandoned');
    const job = await s.enqueue(bed.database.db, 'abandoned', {});
    expect((await jobQueue(bed.database.db).claim(['abandoned']))?.id).toBe(job.id);
    await s.start();
    expect((await until(job.id, 'done')).result).toBe('again');
  });

  it('refuses to start while a definition lacks its dependencies', async () => {
    const needs = defineJob({ name: 'needs', payload: z.object({}), timeoutMs: 5_000, handler: async (_p, _ctx, deps: { value: number }) => deps.value });
    const s = system([needs]);
    await expect(s.start()).rejects.toThrow('jobs without their dependencies: needs');
  });
});
