import { sql } from 'drizzle-orm';
import type { DailyTaskForm } from '@starlit/contract';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One daily task (docs/daily-tasks.md): the form it was asked with, where its pipeline is, what
 * it cost and the hold that pays for it, and its publishing. Like a creation, it leaves
 * `generating` once, settling the hold in the same transaction; unlike one, it may come back to
 * `generating` by a retry, which takes a new hold and keeps the steps already done.
 */
export const dailyTasks = pgTable(
  'daily_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    form: jsonb('form').$type<DailyTaskForm>().notNull(),
    agentId: uuid('agent_id'),
    /** The UTC+8 day it was asked on (the daily allowance counts by it). */
    day: text('day').notNull(),
    state: text('state', { enum: ['generating', 'done', 'failed', 'cancelled'] })
      .notNull()
      .default('generating'),
    progress: integer('progress').notNull().default(0),
    title: text('title').notNull().default(''),
    /** The words of the result people read (script, lyric sheet). */
    text: text('text'),
    files: jsonb('files').$type<Array<{ role: string; key: string; mime: string }>>().notNull().default([]),
    facts: jsonb('facts').$type<Record<string, number>>().notNull().default({}),
    costCurrency: text('cost_currency').notNull(),
    costAmount: integer('cost_amount').notNull(),
    /** The pending ledger transfer paying for the current run. */
    holdId: uuid('hold_id').notNull(),
    points: integer('points').notNull().default(0),
    jobId: uuid('job_id'),
    errorCode: integer('error_code'),
    /** waiting (not done yet), scheduled, published, unpublished (a cancelled schedule, or a failed task's). */
    publishState: text('publish_state', { enum: ['waiting', 'scheduled', 'published', 'unpublished'] })
      .notNull()
      .default('waiting'),
    publishAt: timestamp('publish_at', { withTimezone: true, precision: 3 }),
    /** The delayed job that publishes a scheduled task at its time. */
    publishJobId: uuid('publish_job_id'),
    workId: uuid('work_id'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('daily_tasks_owner_idx').on(t.ownerId, t.createdAt, t.id),
    index('daily_tasks_owner_day_idx').on(t.ownerId, t.day, t.type),
    index('daily_tasks_generating_idx').on(t.ownerId).where(sql`state = 'generating'`),
    index('daily_tasks_scheduled_idx').on(t.ownerId).where(sql`publish_state = 'scheduled'`),
    check('daily_tasks_progress_range', sql`${t.progress} between 0 and 100`),
  ],
);

/**
 * The kept output of each step of a task's pipeline: a retry, or the next process after a
 * crash, starts at the first step without one. Outputs name stored files by key.
 */
export const dailyTaskSteps = pgTable(
  'daily_task_steps',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => dailyTasks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    state: text('state', { enum: ['running', 'done', 'failed'] }).notNull(),
    output: jsonb('output'),
    engine: text('engine'),
    ms: integer('ms'),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.name] })],
);
