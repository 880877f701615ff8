import { sql } from 'drizzle-orm';
import type { CreationParams } from '@starlit/contract';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One thing a person asked the studio to make (docs/creation.md, Creation jobs): its input,
 * where its job is, what it cost and the ledger hold that pays for it. The hold is posted when
 * the state becomes done and voided when it becomes failed or cancelled, in the same
 * transaction as that change, which happens once: only from generating.
 */
export const creations = pgTable(
  'creations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workflow: text('workflow').notNull(),
    description: text('description').notNull(),
    /** Every setting of its workflow (the contract's `CreationParams`), for the result page and "Make the same style". */
    params: jsonb('params').$type<CreationParams>().notNull(),
    agentId: uuid('agent_id'),
    state: text('state', { enum: ['generating', 'done', 'failed', 'cancelled'] })
      .notNull()
      .default('generating'),
    progress: integer('progress').notNull().default(0),
    stage: text('stage').notNull().default('queued'),
    engine: text('engine'),
    jobId: uuid('job_id'),
    resultKey: text('result_key'),
    resultUrl: text('result_url'),
    resultMime: text('result_mime'),
    /** Every stored file of the result, the original first: role, storage key and type. */
    files: jsonb('files').$type<Array<{ role: string; key: string; mime: string }>>().notNull().default([]),
    /** Figures of the result (size, seconds, tempo). */
    facts: jsonb('facts').$type<Record<string, number>>().notNull().default({}),
    costCurrency: text('cost_currency').notNull(),
    costAmount: integer('cost_amount').notNull(),
    /** The pending ledger transfer that pays for this creation. */
    holdId: uuid('hold_id').notNull(),
    /** "Make the same style": the work it follows, and the pending transfer of the author's fee (none when the fee is 0 or the work is the person's own). */
    sameStyleWorkId: uuid('same_style_work_id'),
    sameStyleFee: integer('same_style_fee').notNull().default(0),
    feeHoldId: uuid('fee_hold_id'),
    errorCode: integer('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('creations_owner_idx').on(t.ownerId, t.createdAt, t.id),
    index('creations_generating_idx').on(t.ownerId).where(sql`state = 'generating'`),
    check('creations_progress_range', sql`${t.progress} between 0 and 100`),
  ],
);
