import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
  },
  // user names are unique regardless of case
  (t) => [uniqueIndex('users_user_name_lower_idx').on(sql`lower(${t.userName})`)],
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
