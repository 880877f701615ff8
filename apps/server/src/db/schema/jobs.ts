import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Durable background work (src/jobs): survives restarts, claimed by one worker at a time. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    /** Higher runs first among due jobs. */
    priority: integer('priority').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** While queued or running, a second job of the same kind and key is not made (dedupe). */
    dedupeKey: text('dedupe_key'),
    /** Percent done, as the handler last reported it. */
    progress: integer('progress'),
    /** Not before this time: the backoff after a failed attempt, or a recurring job's next turn. */
    runAt: timestamp('run_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Refreshed while a worker runs the job; a stale one means its process died. */
    lockedAt: timestamp('locked_at', { withTimezone: true, precision: 3 }),
    result: jsonb('result'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.kind, t.priority, t.runAt),
    uniqueIndex('jobs_dedupe_idx').on(t.kind, t.dedupeKey).where(sql`status in ('queued', 'running')`),
    // the retention sweep deletes finished jobs by age
    index('jobs_finished_idx').on(t.updatedAt).where(sql`status in ('done', 'failed', 'cancelled')`),
  ],
);
