import { z } from 'zod';
import { defineCall, EmptyInput } from '../call.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { IdempotencyKey } from './ledger.ts';

/** The store's tabs (SPEC §2 Store). */
export const StoreCategory = z.enum(['Clothing', 'Scene', 'Music', 'Avatar']);

/** What store items are priced in: diamonds (JE) or points (MSS). */
export const StoreCurrency = z.enum(['JE', 'MSS']);

export const STORE_LIMITS = { maxPrice: 1_000_000, maxItemsPerPurchase: 50 } as const;

const Bilingual = z.object({ en: z.string(), zhTW: z.string() });

export const StoreItem = z.object({
  id: z.string(),
  category: StoreCategory,
  name: Bilingual,
  description: Bilingual,
  price: z.number().int(),
  currency: StoreCurrency,
  cover: z.string(),
  /** Music items: a playable preview (audio URL); null for the others. */
  preview: z.string().nullable(),
  /** The reader owns it (always false for a visitor): it cannot be carted or bought again. */
  owned: z.boolean(),
});

/** What a purchase costs, per currency; a currency the purchase does not use is 0. */
export const StoreTotals = z.object({ JE: z.number().int(), MSS: z.number().int() });

export const StoreCatalogue = z.object({ open: z.boolean(), items: z.array(StoreItem) });

/** A person's cart, kept on the server (it survives reloads and other devices), oldest line first. */
export const StoreCart = z.object({ lines: z.array(z.object({ item: StoreItem, selected: z.boolean() })) });

export const StoreOrder = z.object({
  orderId: z.string(),
  items: z.array(z.object({ itemId: z.string(), price: z.number().int(), currency: StoreCurrency })),
  totals: StoreTotals,
  createdAt: z.string(),
});

const ItemId = z.object({ itemId: z.string().uuid() });

export const storeCalls = {
  items: defineCall({
    path: '/api/v1/store/items',
    summary: 'The store: whether it is open, and every item with its price (and, signed in, whether you own it)',
    tag: 'store',
    access: 'public',
    input: EmptyInput,
    output: StoreCatalogue,
  }),
  cart: defineCall({
    path: '/api/v1/store/cart',
    summary: 'Your cart',
    tag: 'store',
    access: 'user',
    input: EmptyInput,
    output: StoreCart,
  }),
  cartAdd: defineCall({
    path: '/api/v1/store/cart_add',
    summary: 'Put an item in your cart, selected; 8302 when you own it, 8300 when the store is closed',
    tag: 'store',
    access: 'user',
    input: ItemId,
    output: StoreCart,
  }),
  cartRemove: defineCall({
    path: '/api/v1/store/cart_remove',
    summary: 'Take an item out of your cart',
    tag: 'store',
    access: 'user',
    input: ItemId,
    output: StoreCart,
  }),
  cartSelect: defineCall({
    path: '/api/v1/store/cart_select',
    summary: 'Select or deselect one line of your cart, or every line without `itemId` (select all; reset deselects all)',
    tag: 'store',
    access: 'user',
    input: z.object({ itemId: z.string().uuid().optional(), selected: z.boolean() }),
    output: StoreCart,
  }),
  cartClear: defineCall({
    path: '/api/v1/store/cart_clear',
    summary: 'Empty your cart',
    tag: 'store',
    access: 'user',
    input: EmptyInput,
    output: StoreCart,
  }),
  buy: defineCall({
    path: '/api/v1/store/buy',
    summary:
      'Buy items at once, all or nothing, under an idempotency key: "Insufficient balance" (8001) when short, 8300 when the store is closed, 8302 when one is owned, 8303 when `totals` differ from the prices now',
    tag: 'store',
    access: 'user',
    input: z.object({
      itemIds: z
        .array(z.string().uuid())
        .min(1, { message: 'store.nothingSelected' satisfies MessageKey })
        .max(STORE_LIMITS.maxItemsPerPurchase),
      /** What the buyer was shown, per currency; a price changed since is refused (8303). */
      totals: StoreTotals.optional(),
      key: IdempotencyKey,
    }),
    output: StoreOrder.extend({ replayed: z.boolean() }),
  }),
  inventory: defineCall({
    path: '/api/v1/store/inventory',
    summary: 'The items you own, newest first, optionally of one category',
    tag: 'store',
    access: 'user',
    input: z.object({ category: StoreCategory.optional() }),
    output: z.object({ items: z.array(z.object({ item: StoreItem, acquiredAt: z.string() })) }),
  }),
  setOpen: defineCall({
    path: '/api/v1/store/set_open',
    summary: 'Admins: open or close the store (closed: "Store not open" to buyers)',
    tag: 'store',
    access: 'admin',
    input: z.object({ open: z.boolean() }),
    output: z.object({ open: z.boolean() }),
  }),
  setPrice: defineCall({
    path: '/api/v1/store/set_price',
    summary: "Admins: set an item's price and its currency",
    tag: 'store',
    access: 'admin',
    input: z.object({ itemId: z.string().uuid(), price: z.number().int().min(1).max(STORE_LIMITS.maxPrice), currency: StoreCurrency }),
    output: StoreItem,
  }),
};
