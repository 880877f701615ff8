// The queue part of bench:jobs (BENCH_JOBS_PARTS=queues): the job queue of apps/server/src/jobs
// against pg-boss 10 on the same workload, in the same run, on PGlite and on PostgreSQL (decision 0009). Each queue gets a fresh database of its own
// and runs `concurrency` jobs at once; handlers note when they start (pick-up: from just before
// the enqueue call to the handler's start, one clock: performance.now()) and when they end.
//   noop-burst:   BENCH_JOBS_NOOP no-op jobs enqueued back to back (throughput of the queue itself)
//   work-burst:   BENCH_JOBS_WORK jobs of 20 ms back to back (bounded by concurrency: 4 / 20 ms = 200/s)
//   paced:        BENCH_JOBS_PACED no-op jobs, one every 10 ms (pick-up of a queue that keeps up)
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pct, round } from '../chat/figures.ts';
import { ownQueue, pgBoss, type BenchPayload, type QueueUnderTest } from './queues.ts';

type Make = (databaseUrl: string | null, concurrency: number, handler: (p: BenchPayload) => Promise<void>) => Promise<QueueUnderTest>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function phase(make: Make, databaseUrl: string | null, concurrency: number, count: number, workMs: number, gapMs: number) {
  const pickups: number[] = [];
  let lastEnd = 0;
  let allDone!: () => void;
  const done = new Promise<void>((r) => (allDone = r));
  const queue = await make(databaseUrl, concurrency, async (p) => {
    pickups.push(performance.now() - p.sentAt);
    if (p.workMs) await sleep(p.workMs);
    lastEnd = performance.now();
    if (pickups.length === count) allDone();
  });
  try {
    const began = performance.now();
    for (let i = 0; i < count; i++) {
      await queue.enqueue({ sentAt: performance.now(), workMs });
      if (gapMs) await sleep(gapMs);
    }
    const enqueuedMs = performance.now() - began;
    const timeout = sleep(120_000).then(() => 'timeout' as const);
    if ((await Promise.race([done, timeout])) === 'timeout') throw new Error(`only ${pickups.length} of ${count} jobs ran within 120 s`);
    const seconds = (lastEnd - began) / 1000;
    return { jobs: count, pickupP50Ms: pct(pickups, 0.5), pickupP99Ms: pct(pickups, 0.99), jobsPerSecond: round(count / seconds), enqueueMs: round(enqueuedMs), wallMs: round(seconds * 1000) };
  } finally {
    await queue.stop();
  }
}

/** A database of its own on the PostgreSQL server, created and dropped; null if no server answers. */
export async function freshPostgres(adminUrl: string) {
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  const name = `starlit_bench_jobs_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export async function queueComparison(adminUrl: string) {
  const concurrency = Number(process.env.BENCH_JOBS_CONCURRENCY ?? 4);
  const workload = [
    { name: 'noop-burst', count: Number(process.env.BENCH_JOBS_NOOP ?? 2000), workMs: 0, gapMs: 0 },
    { name: 'work-burst', count: Number(process.env.BENCH_JOBS_WORK ?? 200), workMs: 20, gapMs: 0 },
    { name: 'paced', count: Number(process.env.BENCH_JOBS_PACED ?? 200), workMs: 0, gapMs: 10 },
  ];
  const queues: Record<string, Make> = { 'starlit-jobs': ownQueue, 'pg-boss-10': pgBoss };
  const loadBefore = os.loadavg()[0];
  const results: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const database of ['pglite', 'postgres'] as const) {
    results[database] = {};
    for (const [queueName, make] of Object.entries(queues)) {
      results[database][queueName] = {};
      for (const w of workload) {
        const db = database === 'postgres' ? await freshPostgres(adminUrl) : null;
        try {
          results[database][queueName][w.name] = await phase(make, db?.url ?? null, concurrency, w.count, w.workMs, w.gapMs);
        } finally {
          await db?.drop();
        }
        console.error(`jobs: ${database} ${queueName} ${w.name}: ${JSON.stringify(results[database][queueName][w.name])}`);
      }
    }
  }
  return {
    concurrency,
    workload,
    results,
    machine: { cpus: os.cpus().length, loadBefore: round(loadBefore), loadAfter: round(os.loadavg()[0]), node: process.version },
  };
}
