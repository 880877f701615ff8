import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tsvector } from './search.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userName: text('user_name').notNull(),
    // null for users who only sign in through an external OpenID Connect provider
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    avatar: text('avatar'),
    gender: text('gender', { enum: ['Man', 'Woman', 'Unknown'] })
      .notNull()
      .default('Unknown'),
    isOfficial: boolean('is_official').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    // SPEC §3 User profile: a calendar day, no time zone
    birthday: date('birthday', { mode: 'string' }),
    // privacy (SPEC §6): others see none of this user's works on the profile
    hideWorks: boolean('hide_works').notNull().default(false),
    // set by moderation when active strikes add up: no publishing or commenting until then
    mutedUntil: timestamp('muted_until', { withTimezone: true, precision: 3 }),
    searchDoc: tsvector('search_doc').generatedAlwaysAs(sql`starlit_search_doc(user_name)`),
  },
  (t) => [
    // user names are unique regardless of case
    uniqueIndex('users_user_name_lower_idx').on(sql`lower(${t.userName})`),
    index('users_search_idx').using('gin', t.searchDoc),
  ],
);

/** Links an external OpenID Connect subject to a Starlit user. */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_identities_issuer_subject_idx').on(t.issuer, t.subject), index('user_identities_user_idx').on(t.userId)],
);
