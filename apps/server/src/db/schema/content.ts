import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';
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
    kind: text('kind', { enum: ['image', 'video', 'audio', 'post'] }).notNull(),
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
  },
  (t) => [index('works_author_created_idx').on(t.authorId, t.createdAt), index('works_public_kind_published_idx').on(t.isPublic, t.kind, t.publishedAt)],
);

/** Key-value facts about this installation (e.g. that the demo seed ran). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
