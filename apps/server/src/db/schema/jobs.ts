import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Durable background work (src/jobs): survives restarts, claimed by one worker at a time. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** Not before this time: the backoff after a failed attempt. */
    runAt: timestamp('run_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Refreshed while a worker runs the job; a stale one means its process died. */
    lockedAt: timestamp('locked_at', { withTimezone: true, precision: 3 }),
    result: jsonb('result'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('jobs_claim_idx').on(t.status, t.kind, t.runAt)],
);
