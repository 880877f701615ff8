import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { storeItems } from './catalogue.ts';
import { users } from './users.ts';

/** Whether the store is open: one row (`id` is always true); no row means open. */
export const storeSettings = pgTable(
  'store_settings',
  {
    id: boolean('id').primaryKey().default(true),
    open: boolean('open').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [check('store_settings_one_row', sql`${t.id}`)],
);

/** A person's cart, kept on the server so it follows them across reloads and devices. */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => storeItems.id, { onDelete: 'cascade' }),
    selected: boolean('selected').notNull().default(true),
    addedAt: timestamp('added_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);

/** One purchase: what was bought at which price, copied so a later price change touches no order. */
export interface StoreOrderLine {
  itemId: string;
  price: number;
  currency: 'JE' | 'MSS';
}

export const storeOrders = pgTable(
  'store_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lines: jsonb('lines').$type<StoreOrderLine[]>().notNull(),
    totalJe: integer('total_je').notNull(),
    totalMss: integer('total_mss').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('store_orders_user_idx').on(t.userId, t.createdAt)],
);

/**
 * What each person owns, once per item (the primary key): a second purchase of an item cannot
 * be written, whatever races. Wardrobe, scenes and live music read it through the store service.
 */
export const inventory = pgTable(
  'inventory',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => storeItems.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => storeOrders.id, { onDelete: 'set null' }),
    acquiredAt: timestamp('acquired_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] }), index('inventory_user_acquired_idx').on(t.userId, t.acquiredAt)],
);
