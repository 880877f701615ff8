import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * An account of the ledger (docs/economy.md): a person's balance in one currency, or one of the
 * system's accounts (issuance, revenue, fees, refunds, adjustments) in one currency. `balance`
 * is credits minus debits of posted transfers; `pending_debits` / `pending_credits` what pending
 * transfers hold. A person's account can never spend what it has not got: the database refuses
 * any change that would leave `balance - pending_debits` below zero. System accounts may go
 * below zero: issuance is where value enters the books.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // money never disappears with a person: no cascade, the account outlives nothing it must not
    userId: uuid('user_id').references(() => users.id),
    /** `user` for a person's account, else the system account's name (ledger/accounts.ts). */
    code: text('code').notNull(),
    currency: text('currency').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    pendingDebits: bigint('pending_debits', { mode: 'number' }).notNull().default(0),
    pendingCredits: bigint('pending_credits', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_currency_idx').on(t.userId, t.currency).where(sql`${t.userId} is not null`),
    uniqueIndex('ledger_accounts_system_idx').on(t.code, t.currency).where(sql`${t.userId} is null`),
    check('ledger_accounts_owner', sql`(${t.userId} is null) = (${t.code} <> 'user')`),
    check('ledger_accounts_currency', sql`${t.currency} in ('JE', 'CAC', 'CWA', 'MSS', 'M')`),
    check('ledger_accounts_user_never_negative', sql`${t.userId} is null or ${t.balance} - ${t.pendingDebits} >= 0`),
    check('ledger_accounts_pending_nonnegative', sql`${t.pendingDebits} >= 0 and ${t.pendingCredits} >= 0`),
  ],
);

/**
 * One movement of value: `amount` from the debit account to the credit account, both in
 * `currency`. A `pending` transfer holds the amount until a later transfer posts or voids it
 * (`resolves`, at most once: unique); a posted one has moved it. Rows are never changed or
 * deleted, so the books are the sum of their rows.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    debitAccountId: uuid('debit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: uuid('credit_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** posted: moved; pending: held; post / void: the end of the pending transfer in `resolves`. */
    status: text('status').notNull(),
    resolves: uuid('resolves'),
    /** What the movement is for (recharge, purchase, gift, exchange, adjustment…), shown in records. */
    kind: text('kind').notNull(),
    /** The request that made it (ledger_requests), with the leg's position in it. */
    requestId: uuid('request_id'),
    leg: integer('leg').notNull().default(0),
    memo: jsonb('memo').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_transfers_amount_positive', sql`${t.amount} > 0`),
    check('ledger_transfers_two_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check('ledger_transfers_status', sql`${t.status} in ('posted', 'pending', 'post', 'void')`),
    check('ledger_transfers_resolves', sql`(${t.resolves} is null) = (${t.status} in ('posted', 'pending'))`),
    uniqueIndex('ledger_transfers_resolves_idx').on(t.resolves),
    uniqueIndex('ledger_transfers_request_leg_idx').on(t.requestId, t.leg),
    index('ledger_transfers_debit_idx').on(t.debitAccountId, t.createdAt),
    index('ledger_transfers_credit_idx').on(t.creditAccountId, t.createdAt),
  ],
);

/**
 * A spending request under its idempotency key: the first one with a key is carried out and its
 * outcome kept; a retry with the same key and the same request answers that outcome and moves
 * nothing; the same key with another request is refused.
 */
export const ledgerRequests = pgTable(
  'ledger_requests',
  {
    id: uuid('id').notNull().defaultRandom().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** A digest of what was asked (operation and its input), to tell a retry from a reuse. */
    fingerprint: text('fingerprint').notNull(),
    outcome: jsonb('outcome').$type<unknown>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
