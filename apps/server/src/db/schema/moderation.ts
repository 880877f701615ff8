import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { works } from './content.ts';
import { users } from './users.ts';

export const REPORT_STATUSES = ['open', 'dismissed', 'hidden', 'struck'] as const;

/** A report of a work (SPEC §2 Report flow, §3 Report): type, description, up to 3 pictures. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workId: uuid('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    description: text('description').notNull(),
    images: text('images').array().notNull().default([]),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    // the moderation action that closed it
    actionId: uuid('action_id'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('reports_status_work_idx').on(t.status, t.workId, t.createdAt), index('reports_reporter_work_created_idx').on(t.reporterId, t.workId, t.createdAt)],
);

export const MODERATION_ACTIONS = ['dismiss', 'hide', 'unhide', 'strike', 'add_words', 'remove_word'] as const;

/** The audit log of the moderation console: every action, who took it and when. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    workId: uuid('work_id').references(() => works.id, { onDelete: 'set null' }),
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    // the prompt words an add_words or remove_word changed
    words: text('words').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('moderation_actions_created_idx').on(t.createdAt), index('moderation_actions_subject_idx').on(t.subjectUserId, t.createdAt)],
);

/** A strike against an author; active until expires_at (30 days). Enough active strikes mute. */
export const userStrikes = pgTable(
  'user_strikes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actionId: uuid('action_id').references(() => moderationActions.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('user_strikes_user_expires_idx').on(t.userId, t.expiresAt)],
);

/**
 * The words creation descriptions may not contain (docs/moderation.md, Prompt words), stored
 * normalised (NFKC, lower case), so the word is its own key and a duplicate cannot be added.
 */
export const promptWords = pgTable('prompt_words', {
  word: text('word').primaryKey(),
  addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
