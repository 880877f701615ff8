// The two queues under test behind one small interface: start workers for a job name with a
// handler, enqueue, stop. Both wake their workers after an enqueue from this process (ours
// does it itself; pg-boss through notifyWorker), so pick-up is not a matter of poll intervals.
import { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { defineJob } from '../../apps/server/src/jobs/define-job.ts';
import { jobSystem } from '../../apps/server/src/jobs/job-system.ts';

/** What every job carries: when it was handed to the queue (performance.now()), and how long its handler works. */
export interface BenchPayload {
  sentAt: number;
  workMs: number;
}

export type Handler = (payload: BenchPayload) => Promise<void>;

export interface QueueUnderTest {
  enqueue(payload: BenchPayload): Promise<void>;
  stop(): Promise<void>;
}

const benchPayload = z.object({ sentAt: z.number(), workMs: z.number() });

/** apps/server/src/jobs on PGlite (databaseUrl null) or PostgreSQL, `concurrency` jobs at once. */
export async function ownQueue(databaseUrl: string | null, concurrency: number, handler: Handler): Promise<QueueUnderTest> {
  const database = await openDatabase({ databaseUrl, pgliteDir: null });
  const job = defineJob({
    name: 'bench',
    payload: benchPayload,
    timeoutMs: 60_000,
    concurrency,
    retry: { attempts: 1, backoffMs: 0 },
    handler: (p) => handler(p),
  });
  const jobs = jobSystem(database.db, [job], { defaultRetry: { attempts: 1, backoffMs: 0 }, retentionMs: 3_600_000, singleProcess: database.kind === 'pglite' });
  jobs.provide('bench');
  await jobs.start();
  return {
    enqueue: async (payload) => void (await jobs.enqueue(database.db, 'bench', payload)),
    async stop() {
      await jobs.stop();
      await database.close();
    },
  };
}

/**
 * pg-boss 10 with `concurrency` workers of one job each. On PGlite through its `db.executeSql`
 * option: statements with parameters go through query(), pg-boss's multi-statement scripts
 * (its schema, its locks) through exec().
 */
export async function pgBoss(databaseUrl: string | null, concurrency: number, handler: Handler): Promise<QueueUnderTest> {
  const pglite = databaseUrl ? null : new PGlite();
  const boss = pglite
    ? new PgBoss({
        db: {
          async executeSql(text: string, values?: unknown[]) {
            if (values?.length) return pglite.query(text, values);
            const results = await pglite.exec(text);
            return results.at(-1) ?? { rows: [] };
          },
        },
      })
    : new PgBoss({ connectionString: databaseUrl!, max: 10 });
  boss.on('error', (err: Error) => console.warn('pg-boss:', err.message));
  await boss.start();
  await boss.createQueue('bench');
  const workers: string[] = [];
  for (let i = 0; i < concurrency; i++) {
    workers.push(await boss.work<BenchPayload>('bench', { batchSize: 1, pollingIntervalSeconds: 0.5 }, ([job]) => handler(job!.data)));
  }
  return {
    async enqueue(payload) {
      await boss.send('bench', payload, { retryLimit: 0 });
      for (const id of workers) boss.notifyWorker(id);
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await pglite?.close();
    },
  };
}
