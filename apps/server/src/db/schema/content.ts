import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';
import { users } from './users.ts';

/** Works (creations and posts) as far as the home grid needs them. */
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
    tags: text('tags').array().notNull().default([]),
    cover: text('cover'),
    media: text('media'),
    // which engine made the work, shown to people (ARCHITECTURE §5)
    engine: text('engine'),
    isPublic: boolean('is_public').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('works_public_kind_published_idx').on(t.isPublic, t.kind, t.publishedAt)],
);

/** Key-value facts about this installation (e.g. that the demo seed ran). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
