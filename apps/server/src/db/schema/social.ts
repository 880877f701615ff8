import { index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';
import { works } from './content.ts';
import { users } from './users.ts';

/** A user following another user (SPEC §4 Social). */
export const userFollows = pgTable(
  'user_follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.followeeId] }), index('user_follows_followee_created_idx').on(t.followeeId, t.createdAt)],
);

/** A user following an agent, from the agent page. */
export const agentFollows = pgTable(
  'agent_follows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.agentId] }), index('agent_follows_agent_created_idx').on(t.agentId, t.createdAt)],
);

/** A user blocking another user: hides both ways and stops interaction both ways (SPEC §4, §6). */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('user_blocks_blocked_idx').on(t.blockedId, t.blockerId)],
);

/**
 * Follower and following counts of a user or an agent (subject_id is either; uuids do not
 * collide), kept in the transaction that adds or removes a follow so profiles never count rows.
 */
export const followCounts = pgTable('follow_counts', {
  subjectId: uuid('subject_id').primaryKey(),
  followers: integer('followers').notNull().default(0),
  following: integer('following').notNull().default(0),
});

/**
 * My Following, written ahead (docs/social.md, decision 0018): a row for each shown work of
 * each account or agent a user follows, kept by triggers of migration 0016 on works,
 * user_follows and agent_follows, so reading the tab is one range of this key rather than a
 * probe per followed account. Rows exist only while the work is shown and followed.
 */
export const followingFeed = pgTable(
  'following_feed',
  {
    viewerId: uuid('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workId: uuid('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    publishedAt: timestamp('published_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.viewerId, t.publishedAt, t.workId] }), index('following_feed_work_idx').on(t.workId)],
);
