import { SYSTEM_NOTICE_KINDS } from '@starlit/contract';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** System notices: to everyone (recipient null) or to one user. */
export const systemNotices = pgTable(
  'system_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    // a notice the product wrote (kind and params, read in the reader's language); null for an admin's free text
    kind: text('kind', { enum: SYSTEM_NOTICE_KINDS }),
    params: jsonb('params'),
    // the admin's text; for a product notice its English, for anything reading the table as it is
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('system_notices_recipient_created_idx').on(t.recipientId, t.createdAt)],
);

/** Which user has read which system notice. */
export const systemNoticeReads = pgTable(
  'system_notice_reads',
  {
    noticeId: uuid('notice_id')
      .notNull()
      .references(() => systemNotices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] })],
);

/** Interactive notices: another user liked, commented, followed, sent a gift… */
export const interactNotices = pgTable(
  'interact_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['like', 'comment', 'reply', 'follow', 'gift', 'mention', 'other'] }).notNull(),
    // the params of a notice the product wrote, read in the reader's language (null: free text)
    params: jsonb('params'),
    // free text as sent; for a product notice its English, for anything reading the table as it is
    title: text('title').notNull(),
    content: text('content').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    // how many more people did the same to the same thing while the notice was unread
    // ("Ana and 3 others liked your work"); the actor is the latest of them
    othersCount: integer('others_count').notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('interact_notices_recipient_created_idx').on(t.recipientId, t.createdAt)],
);
