import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';

export type JobRow = typeof jobs.$inferSelect;

/** A job's place in the queue when it is made. */
export interface NewJob {
  kind: string;
  payload: unknown;
  maxAttempts: number;
  priority: number;
  dedupeKey: string | null;
  /** Not before this many milliseconds from now. */
  delayMs?: number;
  /**
   * Not before this many milliseconds after the last job of its kind finished (a recurring
   * job's turn). Read in the insert itself, so a turn that finishes meanwhile still counts.
   */
  spacingMs?: number;
}

const LIVE = ['queued', 'running'] as const;
const FINISHED = ['done', 'failed', 'cancelled'] as const;
const secs = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

/**
 * The durable queue: jobs are rows, so they survive restarts and are shared by every
 * instance. Typing and validation sit above it (job-system.ts); this file is the SQL.
 */
export function jobQueue(db: Db) {
  return {
    /**
     * Adds a job with `tx` (the caller's transaction, or the database): it exists only if the
     * caller's writes commit. With a dedupe key and a live job of that key, answers that job.
     */
    async enqueue(tx: Db | Tx, job: NewJob): Promise<JobRow> {
      const values = {
        kind: job.kind,
        payload: job.payload,
        maxAttempts: job.maxAttempts,
        priority: job.priority,
        dedupeKey: job.dedupeKey,
        runAt: job.spacingMs
          ? sql`greatest(now(), coalesce((select max(f.updated_at) from ${jobs} f where f.kind = ${job.kind} and f.status in ('done', 'failed', 'cancelled')) + ${secs(job.spacingMs)}, now()))`
          : job.delayMs
            ? sql`now() + ${secs(job.delayMs)}`
            : undefined,
      };
      if (job.dedupeKey === null) {
        const [row] = await tx.insert(jobs).values(values).returning();
        return row!;
      }
      // the live one may finish between a refused insert and the read: then insert again
      for (;;) {
        const [row] = await tx
          .insert(jobs)
          .values(values)
          .onConflictDoNothing({ target: [jobs.kind, jobs.dedupeKey], where: sql`status in ('queued', 'running')` })
          .returning();
        if (row) return row;
        const [live] = await tx
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, job.kind), eq(jobs.dedupeKey, job.dedupeKey), inArray(jobs.status, LIVE)));
        if (live) return live;
      }
    },

    async get(id: string): Promise<JobRow | null> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row ?? null;
    },

    /**
     * Takes the due job of these kinds with the highest priority (then the oldest) and marks it
     * running. SKIP LOCKED lets several instances claim at once without waiting on or taking the same row.
     */
    async claim(kinds: string[]): Promise<JobRow | null> {
      if (kinds.length === 0) return null;
      // one statement: the claim answers the row, with no second read per job
      const [row] = await db
        .update(jobs)
        .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(jobs.id, sql`(select id from ${jobs} where status = 'queued' and kind in ${kinds} and run_at <= now() order by priority desc, run_at limit 1 for update skip locked)`))
        .returning();
      return row ?? null;
    },

    /**
     * Keeps running jobs' leases fresh so no other instance takes them for dead; answers the
     * ids that are no longer running (cancelled, or taken over), whose work should stop.
     */
    async heartbeat(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const kept = await db
        .update(jobs)
        .set({ lockedAt: sql`now()` })
        .where(and(eq(jobs.status, 'running'), inArray(jobs.id, ids)))
        .returning({ id: jobs.id });
      const alive = new Set(kept.map((r) => r.id));
      return ids.filter((id) => !alive.has(id));
    },

    /** A running job's percent done; committed without waiting for the disk, as it only informs (a crash may lose a step). */
    async progress(id: string, percent: number): Promise<void> {
      const value = Math.max(0, Math.min(100, Math.round(percent)));
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local synchronous_commit = off`);
        await tx
          .update(jobs)
          .set({ progress: value, updatedAt: sql`now()` })
          .where(and(eq(jobs.id, id), eq(jobs.status, 'running')));
      });
    },

    /**
     * Records a finished attempt. Only the attempt that claimed the row may: one cancelled or
     * taken over after a lost lease is someone else's now. Answers whether it was recorded.
     */
    async complete(job: JobRow, result: unknown): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ status: 'done', result, error: null, progress: 100, lockedAt: null, updatedAt: sql`now()` })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts)))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /**
     * Records a failed attempt: queued again after `backoffMs × 2^(attempt−1)`, or failed once
     * attempts run out. Answers null when the attempt was no longer this worker's to record.
     */
    async fail(job: JobRow, error: string, backoffMs: number): Promise<'queued' | 'failed' | null> {
      const final = job.attempts >= job.maxAttempts;
      const rows = await db
        .update(jobs)
        .set({
          status: final ? 'failed' : 'queued',
          error: error.slice(0, 1000),
          lockedAt: null,
          runAt: final ? undefined : sql`now() + ${secs(backoffMs * 2 ** (job.attempts - 1))}`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts)))
        .returning({ id: jobs.id });
      if (rows.length === 0) return null;
      return final ? 'failed' : 'queued';
    },

    /** A failed job starts over with a fresh set of attempts; answers false for any other state. */
    async retry(id: string): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ status: 'queued', attempts: 0, error: null, progress: null, runAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** Cancels a queued or running job; answers false when it had already finished. */
    async cancel(id: string): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ status: 'cancelled', lockedAt: null, updatedAt: sql`now()` })
        .where(and(eq(jobs.id, id), inArray(jobs.status, LIVE)))
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
        .where(and(eq(jobs.status, 'running'), sql`${jobs.lockedAt} <= now() - ${secs(staleMs)}`))
        .returning({ id: jobs.id });
      return rows.length;
    },

    /** Deletes jobs that finished more than `retentionMs` ago; answers how many. */
    async deleteFinished(retentionMs: number): Promise<number> {
      const rows = await db
        .delete(jobs)
        .where(and(inArray(jobs.status, FINISHED), sql`${jobs.updatedAt} < now() - ${secs(retentionMs)}`))
        .returning({ id: jobs.id });
      return rows.length;
    },
  };
}

export type JobQueue = ReturnType<typeof jobQueue>;
