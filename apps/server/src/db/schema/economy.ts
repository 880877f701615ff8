import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A batch of redeem codes an admin made (docs/economy.md, Redeem codes): each of its codes
 * credits `value` of `currency`, can be redeemed `uses_per_code` times (once per person) and
 * not after `expires_at`.
 */
export const redeemBatches = pgTable(
  'redeem_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    currency: text('currency').notNull(),
    value: integer('value').notNull(),
    usesPerCode: integer('uses_per_code').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [check('redeem_batches_currency', sql`${t.currency} in ('JE', 'CAC', 'CWA', 'MSS')`), check('redeem_batches_value_positive', sql`${t.value} > 0 and ${t.usesPerCode} > 0`)],
);

/**
 * One code, by the SHA-256 of its normalized text: the text itself is shown once to the admin
 * and kept nowhere, so reading the table gives no usable code. `uses_left` never goes below
 * zero (the database refuses it), so two people racing for the last use cannot both have it.
 */
export const redeemCodes = pgTable(
  'redeem_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => redeemBatches.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    usesLeft: integer('uses_left').notNull(),
  },
  (t) => [check('redeem_codes_uses_left', sql`${t.usesLeft} >= 0`), index('redeem_codes_batch_idx').on(t.batchId)],
);

/** Who redeemed which code, once each (the primary key). */
export const redeemUses = pgTable(
  'redeem_uses',
  {
    codeId: uuid('code_id')
      .notNull()
      .references(() => redeemCodes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.userId] }), index('redeem_uses_user_idx').on(t.userId)],
);

/** The rate an admin set for exchanging one diamond into a target currency; a target without a row has its default rate. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    target: text('target').primaryKey(),
    perDiamond: integer('per_diamond').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [check('exchange_rates_target', sql`${t.target} in ('CAC', 'CWA')`), check('exchange_rates_positive', sql`${t.perDiamond} > 0`)],
);
