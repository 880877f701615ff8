import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';
import { users } from './users.ts';

export const CHAT_ROLES = ['user', 'agent'] as const;
export const CHAT_STATUSES = ['complete', 'streaming', 'interrupted', 'failed'] as const;

/** One chat of a user with an agent (SPEC §1). Deleting only stamps deleted_at. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }),
    // the last message of the branch being shown; null means the newest message's branch
    leafId: uuid('leaf_id'),
    // one reply at a time (SPEC §1): a lease in the row works across server instances and ends
    // by itself when the instance holding it dies, so a crash never locks a conversation
    replyLeaseUntil: timestamp('reply_lease_until', { withTimezone: true, precision: 3 }),
    // who holds the lease: renewing or releasing someone else's lease must do nothing
    replyLeaseToken: uuid('reply_lease_token'),
    // the last user message summarized into memories, so turns are summarized once
    memoryThroughId: uuid('memory_through_id'),
  },
  (t) => [index('conversations_user_activity_idx').on(t.userId, t.lastActivityAt)],
);

/**
 * Messages form a tree through parent_id: a regenerated reply or an edited question is a new
 * sibling of the old one, so nothing is ever overwritten and every branch stays readable.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => chatMessages.id),
    role: text('role', { enum: CHAT_ROLES }).notNull(),
    content: text('content').notNull(),
    status: text('status', { enum: CHAT_STATUSES }).notNull().default('complete'),
    // which chat engine wrote an agent message; null for what people typed and opening lines
    engine: text('engine'),
    suggestions: jsonb('suggestions').$type<string[]>().notNull().default([]),
    // the spoken reply (a storage path), kept so replaying costs nothing
    voice: text('voice'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('chat_messages_parent_idx').on(t.parentId),
    // the public hot list reads the last days of user messages on every request
    index('chat_messages_user_created_idx').on(t.createdAt).where(sql`role = 'user'`),
  ],
);

export const MEMORY_SOURCES = ['summary', 'user'] as const;

/** What a conversation remembers (issue #4): summaries every few turns and entries the user wrote. */
export const chatMemories = pgTable(
  'chat_memories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    source: text('source', { enum: MEMORY_SOURCES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('chat_memories_conversation_idx').on(t.conversationId, t.createdAt)],
);
