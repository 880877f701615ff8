import { z } from 'zod';
import { defineCall, PageInput, pageOf } from '../call.ts';
import { Currency } from './ledger.ts';

/**
 * The kinds of ledger movement a record can be (docs/economy.md, Records): each feature moves
 * value under one of these, with the memo shape the records convention names, so order
 * records can say in the reader's language what each movement was.
 */
export const RECORD_KINDS = [
  'recharge',
  'recharge_bonus',
  'redeem',
  'exchange',
  'store_purchase',
  'skill_purchase',
  'voice_purchase',
  'gift',
  'gift_share',
  'checkin',
  'coupon',
  'adjustment',
  'creation',
  'same_style_fee',
  'daily_task',
  'daily_task_points',
] as const;
export const RecordKind = z.enum(RECORD_KINDS);

/**
 * Where a record stands (docs/economy.md, Records). `done`: value that moved. A hold (value
 * reserved while a creation is made) is a charge from the moment it is taken: `held` while it
 * is reserved, `paid` once it is posted, `refunded` once it is voided. `refund`: value a hold
 * gave back, a record of its own (a void, or what a post of less than was held released).
 */
export const RECORD_STATUSES = ['done', 'held', 'paid', 'refunded', 'refund'] as const;
export const RecordStatus = z.enum(RECORD_STATUSES);
export type RecordStatus = z.infer<typeof RecordStatus>;

/** The records CSV download (not a JSON call: it answers a file). */
export const RECORDS_CSV_PATH = '/api/v1/records/csv';
/** The most rows one CSV download carries: years of an active person's movements. */
export const RECORDS_CSV_MAX_ROWS = 10_000;

/**
 * One movement of value on the person's accounts (SPEC §3 Transaction record): item, type,
 * currency, price (signed: in is positive, out negative), time (UTC+8), order ID, status. A
 * hold is a charge from the moment it is taken, and what it gives back a refund of its own, so
 * the amounts of a currency sum to what the person can spend.
 */
export const OrderRecord = z.object({
  id: z.string(),
  /** The order the movement belongs to: its recharge, store or creation order, else the spending request, else the movement itself (a refund: its hold). */
  orderId: z.string(),
  /** The ledger kind; other kinds than RECORD_KINDS may appear (system grants) and read as their name. */
  kind: z.string(),
  /** The kind in the reader's language. */
  type: z.string(),
  /** What the movement was for, in the reader's language. */
  item: z.string(),
  currency: Currency,
  amount: z.number().int(),
  /** ISO time of the movement. */
  at: z.string(),
  /** The time at UTC+8 as YYYY-MM-DD HH:mm (SPEC §9). */
  time: z.string(),
  status: RecordStatus,
});

export const RecordsFilter = z.object({ kind: RecordKind.optional() });

export const recordCalls = {
  list: defineCall({
    path: '/api/v1/records/list',
    summary: 'Your order records: every movement of your balances, newest first, optionally of one kind',
    tag: 'records',
    access: 'user',
    input: PageInput.extend(RecordsFilter.shape),
    output: pageOf(OrderRecord),
  }),
  userList: defineCall({
    path: '/api/v1/records/user_list',
    summary: "Admins: a person's order records, newest first, optionally of one kind",
    tag: 'records',
    access: 'admin',
    input: PageInput.extend(RecordsFilter.shape).extend({ userId: z.string().uuid() }),
    output: pageOf(OrderRecord),
  }),
};
