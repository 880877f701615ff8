import { type AnyPgColumn, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { works } from './content.ts';
import { users } from './users.ts';

/**
 * Comments on works. A top comment has no root; every reply below it, to the comment or to
 * another reply, has the top comment as root (one thread, as Bilibili and YouTube show them)
 * and names whom it answers in reply_to_*. Deleting a comment with replies only stamps
 * deleted_at so the thread stays readable.
 */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workId: uuid('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rootId: uuid('root_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    replyToId: uuid('reply_to_id').references((): AnyPgColumn => comments.id, { onDelete: 'set null' }),
    replyToUserId: uuid('reply_to_user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    // replies in the thread of a top comment; 0 on replies
    replyCount: integer('reply_count').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_work_newest_idx').on(t.workId, t.createdAt.desc(), t.id.desc()).where(sql`${t.rootId} is null`),
    index('comments_work_liked_idx').on(t.workId, t.likeCount.desc(), t.createdAt.desc(), t.id.desc()).where(sql`${t.rootId} is null`),
    index('comments_root_created_idx').on(t.rootId, t.createdAt, t.id),
    index('comments_author_idx').on(t.authorId),
  ],
);

/** Who liked which comment (the most-liked order counts these in comments.like_count). */
export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);
