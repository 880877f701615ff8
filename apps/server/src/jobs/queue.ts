import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';

export type JobRow = typeof jobs.$inferSelect;

export interface JobQueueOptions {
  /** Attempts before a job is failed for good. */
  maxAttempts: number;
  /** Wait after the first failed attempt; it doubles with each further one. */
  retryBaseMs: number;
}

/** The durable queue: jobs are rows, so they survive restarts and are shared by every instance. */
export function jobQueue(db: Db, options: JobQueueOptions) {
  return {
    async enqueue(kind: string, payload: unknown): Promise<JobRow> {
      const [row] = await db.insert(jobs).values({ kind, payload, maxAttempts: options.maxAttempts }).returning();
      return row!;
    },

    async get(id: string): Promise<JobRow | null> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row ?? null;
    },

    /**
     * Takes the oldest due job of these kinds and marks it running. SKIP LOCKED lets
     * several instances claim at once without waiting on or taking the same row.
     */
    async claim(kinds: string[]): Promise<JobRow | null> {
      const result = await db.execute<{ id: string }>(sql`
        update ${jobs} set status = 'running', attempts = attempts + 1, locked_at = now(), updated_at = now()
        where id = (
          select id from ${jobs}
          where status = 'queued' and kind in ${kinds} and run_at <= now()
          order by run_at limit 1
          for update skip locked
        )
        returning id`);
      const id = result.rows[0]?.id;
      return id ? this.get(id) : null;
    },

    /** Keeps a running job's lease fresh so no other instance takes it for dead. */
    async heartbeat(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.update(jobs).set({ lockedAt: sql`now()` }).where(and(eq(jobs.status, 'running'), sql`${jobs.id} in ${ids}`));
    },

    async complete(id: string, result: unknown): Promise<void> {
      await db.update(jobs).set({ status: 'done', result, error: null, lockedAt: null, updatedAt: sql`now()` }).where(eq(jobs.id, id));
    },

    /** Records a failed attempt: queued again after a backoff, or failed once attempts run out. */
    async fail(job: JobRow, error: string): Promise<'queued' | 'failed'> {
      const final = job.attempts >= job.maxAttempts;
      const delayMs = options.retryBaseMs * 2 ** (job.attempts - 1);
      await db
        .update(jobs)
        .set({
          status: final ? 'failed' : 'queued',
          error: error.slice(0, 1000),
          lockedAt: null,
          runAt: final ? undefined : sql`now() + make_interval(secs => ${delayMs / 1000})`,
          updatedAt: sql`now()`,
        })
        .where(eq(jobs.id, job.id));
      return final ? 'failed' : 'queued';
    },

    /** A failed job starts over with a fresh set of attempts; answers false for any other state. */
    async retry(id: string): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ status: 'queued', attempts: 0, error: null, runAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /**
     * Queues again the running jobs whose lease is older than `staleMs`: their process died
     * mid-job. The attempt it used still counts, so a job that kills its worker ends failed.
     */
    async requeueStale(staleMs: number): Promise<number> {
      const rows = await db
        .update(jobs)
        .set({ status: 'queued', lockedAt: null, runAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(jobs.status, 'running'), sql`${jobs.lockedAt} <= now() - make_interval(secs => ${staleMs / 1000})`))
        .returning({ id: jobs.id });
      return rows.length;
    },
  };
}

export type JobQueue = ReturnType<typeof jobQueue>;
