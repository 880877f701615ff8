import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A package of diamonds on sale (docs/economy.md, Recharge): its bonus and its price in money. */
export const rechargePackages = pgTable(
  'recharge_packages',
  {
    id: text('id').primaryKey(),
    diamonds: integer('diamonds').notNull(),
    bonus: integer('bonus').notNull().default(0),
    /** The price in the smallest unit of `currency` (cents): the ledger's `M`. */
    priceMinor: integer('price_minor').notNull(),
    /** ISO 4217, lower case, as payment providers take it. */
    currency: text('currency').notNull(),
    sort: integer('sort').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [check('recharge_packages_amounts', sql`${t.diamonds} > 0 and ${t.bonus} >= 0 and ${t.priceMinor} > 0`)],
);

/**
 * One recharge: the package as it was sold (copied, so a later price change touches no order),
 * the provider's checkout and the order's state. Paid once: the ledger credits it under the
 * order's own key, and the status moves from pending only once.
 */
export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    packageId: text('package_id')
      .notNull()
      .references(() => rechargePackages.id),
    diamonds: integer('diamonds').notNull(),
    bonus: integer('bonus').notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    /** The provider's id of the checkout (a Stripe Checkout Session id). */
    providerRef: text('provider_ref'),
    /** Where the buyer pays (Stripe Checkout's page), kept so a repeated request answers it again. */
    checkoutUrl: text('checkout_url'),
    status: text('status').notNull().default('pending'),
    /** The buyer's idempotency key of the purchase: a double click or a retry makes one order. */
    requestKey: text('request_key').notNull(),
    /** The version of the recharge agreement the buyer agreed to. */
    agreementVersion: text('agreement_version').notNull(),
    /** The starter coupon this order spends, and what it took off the package's price (`price_minor` is what is paid). */
    couponId: uuid('coupon_id'),
    discountMinor: integer('discount_minor').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    check('recharge_orders_status', sql`${t.status} in ('pending', 'paid', 'failed')`),
    uniqueIndex('recharge_orders_provider_ref_idx').on(t.provider, t.providerRef),
    uniqueIndex('recharge_orders_request_idx').on(t.userId, t.requestKey),
    index('recharge_orders_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * The starter-pack coupon (docs/economy.md): one per person (a unique user), claimed before a
 * first recharge. `order_id` is the order it is on; `spent_at` is set when that order is paid,
 * in the transaction that credits it, so a coupon is spent exactly once.
 */
export const starterCoupons = pgTable(
  'starter_coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    percentOff: integer('percent_off').notNull(),
    orderId: uuid('order_id').references(() => rechargeOrders.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    spentAt: timestamp('spent_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('starter_coupons_user_idx').on(t.userId),
    uniqueIndex('starter_coupons_order_idx').on(t.orderId),
    check('starter_coupons_percent_off', sql`${t.percentOff} > 0 and ${t.percentOff} < 100`),
    check('starter_coupons_spent_on_order', sql`${t.spentAt} is null or ${t.orderId} is not null`),
  ],
);
