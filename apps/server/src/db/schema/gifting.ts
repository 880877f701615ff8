import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';
import { gifts } from './catalogue.ts';
import { users } from './users.ts';

/**
 * One gift sent to an agent (docs/economy.md, Gifts): the agent's gift wall and leaderboard
 * read these rows, and the ledger's `gift` and `gift_share` movements name the row in their
 * memo. What it cost is copied here, so a later price change rewrites no history.
 */
export const giftSends = pgTable(
  'gift_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    giftId: uuid('gift_id')
      .notNull()
      .references(() => gifts.id),
    giftKey: text('gift_key').notNull(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // the agent's owner when it was sent: the one credited the share and told
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    // 'free', 'MSS' (points) or 'JE' (diamonds), and the price of one gift in it
    currency: text('currency').notNull(),
    unitPrice: integer('unit_price').notNull(),
    ownerShare: integer('owner_share').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('gift_sends_agent_created_idx').on(t.agentId, t.createdAt),
    index('gift_sends_agent_sender_idx').on(t.agentId, t.senderId),
    index('gift_sends_sender_idx').on(t.senderId),
    check('gift_sends_currency', sql`${t.currency} in ('free', 'MSS', 'JE')`),
    check('gift_sends_amounts', sql`${t.count} between 1 and 99 and ${t.unitPrice} >= 0 and ${t.ownerShare} >= 0 and (${t.currency} <> 'free' or ${t.unitPrice} = 0)`),
  ],
);

/**
 * How many gifts a person sent at no cost on one UTC+8 day. A send takes its count with one
 * conditional upsert, so sends racing for the last free gifts wait on this row and the day's
 * limit holds; `used >= 0` is the database's guard.
 */
export const giftFreeDays = pgTable(
  'gift_free_days',
  {
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    used: integer('used').notNull(),
  },
  (t) => [primaryKey({ columns: [t.senderId, t.day] }), check('gift_free_days_used', sql`${t.used} >= 0`)],
);

/** A person's daily check-in, one per UTC+8 day (the primary key): its streak and the points it earned. */
export const checkins = pgTable(
  'checkins',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    streak: integer('streak').notNull(),
    points: integer('points').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), check('checkins_positive', sql`${t.streak} >= 1 and ${t.points} > 0`)],
);
