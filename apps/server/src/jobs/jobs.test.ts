import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/server.ts';
import type { Database } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';
import { jobQueue, type JobQueue } from './queue.ts';
import { startWorker, type Worker } from './worker.ts';

let db: Awaited<ReturnType<typeof testDatabase>>;
let database: Database;
let queue: JobQueue;
const workers: Worker[] = [];

// one database for the file: each test uses job kinds of its own
beforeAll(async () => {
  db = await testDatabase();
  database = db.database;
  queue = jobQueue(database.db, { maxAttempts: 3, retryBaseMs: 10 });
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

afterAll(() => db.drop());

async function until(id: string, status: string, timeoutMs = 10_000) {
  const start = Date.now();
  for (;;) {
    const job = await queue.get(id);
    if (job?.status === status) return job;
    if (Date.now() - start > timeoutMs) throw new Error(`job ${id} is ${job?.status}, not ${status}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('job queue', () => {
  it('runs a job to done and stores its result', async () => {
    workers.push(startWorker(queue, { echo: async (job) => ({ echoed: job.payload }) }, { pollMs: 20 }));
    const job = await queue.enqueue('echo', { n: 1 });
    const done = await until(job.id, 'done');
    expect(done.result).toEqual({ echoed: { n: 1 } });
    expect(done.attempts).toBe(1);
  });

  it('retries with backoff and fails for good after the last attempt; retry starts over', async () => {
    let calls = 0;
    let healthy = false;
    const settled: string[] = [];
    const worker = startWorker(
      queue,
      {
        flaky: async () => {
          calls++;
          if (!healthy) throw new Error('provider down');
          return 'ok';
        },
      },
      { pollMs: 20, onSettled: (_job, status) => settled.push(status) },
    );
    workers.push(worker);
    const job = await queue.enqueue('flaky', {});
    const failed = await until(job.id, 'failed');
    expect(failed.attempts).toBe(3);
    expect(failed.error).toBe('provider down');
    expect(calls).toBe(3);
    expect(settled).toEqual(['queued', 'queued', 'failed']);
    healthy = true;
    expect(await queue.retry(job.id)).toBe(true);
    worker.wake();
    const done = await until(job.id, 'done');
    expect(done.attempts).toBe(1);
    expect(await queue.retry(job.id)).toBe(false);
  });

  it('leaves kinds it has no handler for to other workers', async () => {
    workers.push(startWorker(queue, { mine: async () => 1 }, { pollMs: 20 }));
    const other = await queue.enqueue('theirs', {});
    const mine = await queue.enqueue('mine', {});
    await until(mine.id, 'done');
    expect((await queue.get(other.id))?.status).toBe('queued');
  });

  it('never gives one job to two claimers', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => queue.enqueue('x', { i })));
    const claimed = await Promise.all(Array.from({ length: 8 }, () => queue.claim(['x'])));
    const got = claimed.filter((j) => j !== null).map((j) => j.id);
    expect(new Set(got).size).toBe(got.length);
    expect(got.sort()).toEqual(ids.map((j) => j.id).sort());
  });

  it('a job left running by a stopped process completes after a restart', async () => {
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = startWorker(
      queue,
      {
        slow: (_job, signal) =>
          new Promise((_, reject) => {
            release();
            signal.addEventListener('abort', () => reject(new Error('aborted')));
          }),
      },
      { pollMs: 20 },
    );
    const job = await queue.enqueue('slow', {});
    await started;
    await first.stop();
    expect((await queue.get(job.id))?.status).toBe('running');
    // a fresh lease is someone's live work; only an old one is taken over
    expect(await queue.requeueStale(60_000)).toBe(0);
    await database.db.update(jobs).set({ lockedAt: sql`now() - interval '2 minutes'` }).where(eq(jobs.id, job.id));
    workers.push(startWorker(queue, { slow: async () => 'finished' }, { pollMs: 20 }));
    const done = await until(job.id, 'done');
    expect(done.result).toBe('finished');
    expect(done.attempts).toBe(2);
  });

  it('with startupLeaseMs 0 (one process only) takes over at once', async () => {
    const job = await queue.enqueue('abandoned', {});
    expect((await queue.claim(['abandoned']))?.id).toBe(job.id);
    workers.push(startWorker(queue, { abandoned: async () => 'again' }, { pollMs: 20, startupLeaseMs: 0 }));
    expect((await until(job.id, 'done')).result).toBe('again');
  });
});
