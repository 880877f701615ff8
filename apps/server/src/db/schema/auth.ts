import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Bearer sessions; only the SHA-256 of a token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    // web: the app's session token; passport: the token the native app sends instead;
    // provider: the built-in sign-in provider's own cookie session
    kind: text('kind', { enum: ['web', 'passport', 'provider'] }).notNull(),
    // the web and passport tokens of one sign-in share this, so signing out ends both
    signInId: uuid('sign_in_id'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_sign_in_idx').on(t.signInId)],
);

/** Single-use authorization codes issued by the built-in sign-in provider (60 s). */
export const authCodes = pgTable('auth_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  redirectUri: text('redirect_uri').notNull(),
  // the sign-in state the code answers; null when the request carried none (then it can never be redeemed)
  state: text('state'),
  expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, precision: 3 }),
});

/** A sign-in in flight: where to return and the PKCE verifier for an external provider. */
export const authStates = pgTable('auth_states', {
  state: text('state').primaryKey(),
  returnTo: text('return_to').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, precision: 3 }),
});
