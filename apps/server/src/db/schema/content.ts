import { sql } from 'drizzle-orm';
import type { CreationParams, WorkProvenance } from '@starlit/contract';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tsvector } from './search.ts';
import { agents } from './agents.ts';
import { creations } from './creation.ts';
import { dailyTasks } from './daily-tasks.ts';
import { users } from './users.ts';

/** Works (creations and posts): owned by the works feature; home shows the public published ones. */
export const works = pgTable(
  'works',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['image', 'video', 'audio', 'dance', 'post'] }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    prompt: text('prompt').notNull().default(''),
    // one of SPEC §3's work tag categories; null on seeded works made before categories
    category: text('category'),
    tags: text('tags').array().notNull().default([]),
    cover: text('cover'),
    media: text('media'),
    // a post's pictures (up to 9), as addresses like cover and media
    images: text('images').array().notNull().default([]),
    // the name shown as publisher (SPEC §5 edit work); null shows the author's userName
    publisherName: text('publisher_name'),
    // which engine made the work, shown to people (ARCHITECTURE §5)
    engine: text('engine'),
    isPublic: boolean('is_public').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    // counters kept in the transaction that likes, collects or comments (no COUNT(*) when shown)
    likeCount: integer('like_count').notNull().default(0),
    collectCount: integer('collect_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    // Recommend's order: engagement and recency (starlit_work_rank, docs/community.md)
    rank: doublePrecision('rank').generatedAlwaysAs(sql`starlit_work_rank(like_count, comment_count, collect_count, published_at)`),
    // set by moderation: gone from every public place, still shown to its author as hidden
    hiddenAt: timestamp('hidden_at', { withTimezone: true, precision: 3 }),
    hiddenReason: text('hidden_reason'),
    searchDoc: tsvector('search_doc').generatedAlwaysAs(sql`starlit_search_doc(coalesce(name, '') || ' ' || coalesce(category, '') || ' ' || starlit_join(tags) || ' ' || coalesce(description, ''))`),
    // provenance of a work published from the studio (docs/works.md): one work per creation; a
    // deleted creation leaves the work and its copy of the settings
    creationId: uuid('creation_id')
      .unique('works_creation_id_unique')
      .references(() => creations.id, { onDelete: 'set null' }),
    creationParams: jsonb('creation_params').$type<CreationParams>(),
    // the creation's files as addresses (the song, model and waveform a dance or a piece plays with) and its figures
    creationFiles: jsonb('creation_files').$type<WorkProvenance['files']>(),
    creationFacts: jsonb('creation_facts').$type<WorkProvenance['facts']>(),
    // a work published from a daily task (docs/daily-tasks.md): one work per task, published once
    taskId: uuid('task_id')
      .unique('works_task_id_unique')
      .references(() => dailyTasks.id, { onDelete: 'set null' }),
    // the author's fee in diamonds for "Make the same style" of it
    sameStyleFee: integer('same_style_fee').notNull().default(0),
  },
  (t) => [
    check('works_same_style_fee_range', sql`${t.sameStyleFee} >= 0`),
    index('works_author_created_idx').on(t.authorId, t.createdAt),
    index('works_public_kind_published_idx').on(t.isPublic, t.kind, t.publishedAt),
    // the public feeds: only what anyone may see is indexed
    index('works_feed_rank_idx').on(t.rank.desc(), t.id.desc()).where(sql`${t.isPublic} and ${t.publishedAt} is not null and ${t.hiddenAt} is null`),
    index('works_feed_recent_idx').on(t.publishedAt.desc(), t.id.desc()).where(sql`${t.isPublic} and ${t.publishedAt} is not null and ${t.hiddenAt} is null`),
    index('works_feed_kind_idx').on(t.kind, t.publishedAt.desc(), t.id.desc()).where(sql`${t.isPublic} and ${t.publishedAt} is not null and ${t.hiddenAt} is null`),
    index('works_feed_category_idx').on(t.category, t.publishedAt.desc(), t.id.desc()).where(sql`${t.isPublic} and ${t.publishedAt} is not null and ${t.hiddenAt} is null`),
    index('works_feed_author_idx').on(t.authorId, t.publishedAt.desc(), t.id.desc()).where(sql`${t.isPublic} and ${t.publishedAt} is not null and ${t.hiddenAt} is null`),
    index('works_feed_agent_idx').on(t.agentId, t.publishedAt.desc(), t.id.desc()).where(sql`${t.isPublic} and ${t.publishedAt} is not null and ${t.hiddenAt} is null`),
    index('works_search_idx').using('gin', t.searchDoc),
  ],
);

/** Who liked which work; works.like_count counts these. */
export const workLikes = pgTable(
  'work_likes',
  {
    workId: uuid('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workId, t.userId] }), index('work_likes_user_created_idx').on(t.userId, t.createdAt)],
);

/** "My collections": works a user collected; works.collect_count counts these. */
export const workCollections = pgTable(
  'work_collections',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workId: uuid('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.workId] }), index('work_collections_user_created_idx').on(t.userId, t.createdAt), index('work_collections_work_idx').on(t.workId)],
);

/** Key-value facts about this installation (e.g. that the demo seed ran). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
