import { randomUUID } from 'node:crypto';
import { ErrorCode, type CallInput, type calls } from '@starlit/contract';
import type { Db, Handle } from '../../db/client.ts';
import type { StoreOrderLine } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { fingerprintOf, type LedgerService } from '../ledger/ledger.service.ts';
import { storeRepository, type StoreCategory, type StoreItemRow } from './store.repository.ts';

/** An item as the reader sees it: whether they own it is theirs. */
export function presentItem(row: StoreItemRow, owned: boolean) {
  return {
    id: row.id,
    category: row.category,
    name: { en: row.nameEn, zhTW: row.nameZhTw },
    description: { en: row.descriptionEn, zhTW: row.descriptionZhTw },
    price: row.price,
    currency: row.currency,
    cover: row.cover,
    preview: row.preview,
    owned,
  };
}

/** A short balance in the store is SPEC §8's "Insufficient balance", in diamonds or points alike. */
function insufficientAsBalance(error: unknown): unknown {
  if (error instanceof AppError && (error.code === ErrorCode.LEDGER_INSUFFICIENT_DIAMOND || error.code === ErrorCode.LEDGER_INSUFFICIENT)) {
    return new AppError(ErrorCode.LEDGER_INSUFFICIENT);
  }
  return error;
}

/**
 * The store and cart (docs/economy.md, Store): items priced in diamonds or points, a cart per
 * person kept on the server, purchases of several items at once (all or nothing, one ledger
 * request under the buyer's key) and the inventory of what each person owns.
 */
export function storeService(deps: { db: Db; ledger: LedgerService }) {
  const repo = storeRepository(deps.db);

  async function cart(userId: string) {
    const lines = await repo.cart(userId);
    // owned items leave the cart when bought, so a line is never owned
    return { lines: lines.map((l) => ({ item: presentItem(l.item, false), selected: l.selected })) };
  }

  async function mustBeOpen(open: Promise<boolean>) {
    if (!(await open)) throw new AppError(ErrorCode.STORE_NOT_OPEN);
  }

  return {
    async catalogue(userId: string | null) {
      const [open, items, owned] = await Promise.all([repo.isOpen(), repo.items(), userId ? repo.ownedIds(userId) : new Set<string>()]);
      return { open, items: items.map((row) => presentItem(row, owned.has(row.id))) };
    },

    cart,

    async cartAdd(userId: string, itemId: string) {
      await mustBeOpen(repo.isOpen());
      if (!(await repo.item(itemId))) throw new AppError(ErrorCode.STORE_ITEM_NOT_FOUND);
      if ((await repo.ownedIds(userId, [itemId])).size > 0) throw new AppError(ErrorCode.STORE_ALREADY_OWNED);
      await repo.cartAdd(userId, itemId);
      return cart(userId);
    },

    async cartRemove(userId: string, itemId: string) {
      await repo.cartRemove(userId, [itemId]);
      return cart(userId);
    },

    async cartSelect(userId: string, itemId: string | undefined, selected: boolean) {
      await repo.cartSelect(userId, itemId, selected);
      return cart(userId);
    },

    async cartClear(userId: string) {
      await repo.cartClear(userId);
      return cart(userId);
    },

    /**
     * Buys the items at once in one ledger request under the buyer's key: each item's price
     * moves from the buyer to `store_revenue` (kind `store_purchase`, one leg per item), the
     * items become theirs and leave their cart. Anything refused (closed, owned, a price
     * changed, too short) moves and keeps nothing.
     */
    async buy(userId: string, input: CallInput<typeof calls.store.buy>) {
      const itemIds = [...new Set(input.itemIds)].sort();
      const asked = { itemIds, totals: input.totals ?? null };
      const { outcome, replayed } = await deps.ledger.run(userId, input.key, fingerprintOf('store.buy', asked), async (books) => {
        const tx = storeRepository(books.tx);
        await mustBeOpen(tx.isOpen());
        const rows = await tx.itemsByIds(itemIds);
        if (rows.length !== itemIds.length) throw new AppError(ErrorCode.STORE_ITEM_NOT_FOUND);
        rows.sort((a, b) => itemIds.indexOf(a.id) - itemIds.indexOf(b.id));
        const lines: StoreOrderLine[] = rows.map((r) => ({ itemId: r.id, price: r.price, currency: r.currency }));
        const totals = { JE: 0, MSS: 0 };
        for (const line of lines) totals[line.currency] += line.price;
        if (input.totals && (input.totals.JE !== totals.JE || input.totals.MSS !== totals.MSS)) throw new AppError(ErrorCode.STORE_PRICE_CHANGED);
        const orderId = randomUUID();
        const order = await tx.insertOrder({ id: orderId, userId, lines, totalJe: totals.JE, totalMss: totals.MSS });
        if ((await tx.own(userId, itemIds, orderId)).length !== itemIds.length) throw new AppError(ErrorCode.STORE_ALREADY_OWNED);
        try {
          await books.move(
            ...rows.map((r) => ({
              from: { user: userId },
              to: { system: 'store_revenue' as const },
              currency: r.currency,
              amount: r.price,
              kind: 'store_purchase',
              // the records convention: the name as it was, in both languages
              memo: { orderId, itemId: r.id, name: { en: r.nameEn, zhTW: r.nameZhTw } },
            })),
          );
        } catch (error) {
          throw insufficientAsBalance(error);
        }
        await tx.cartRemove(userId, itemIds);
        return { orderId, items: lines, totals, createdAt: order.createdAt.toISOString() };
      });
      return { ...outcome, replayed };
    },

    async inventory(userId: string, category?: StoreCategory) {
      const rows = await repo.owned(userId, category);
      return { items: rows.map((r) => ({ item: presentItem(r.item, true), acquiredAt: r.acquiredAt.toISOString() })) };
    },

    /** For wardrobe, scenes and live music: whether a person owns an item; in the caller's transaction when given one. */
    async owns(userId: string, itemId: string, h: Handle = deps.db): Promise<boolean> {
      return (await storeRepository(h).ownedIds(userId, [itemId])).size > 0;
    },

    /** An item the person owns (a Music item a dance is made to), or null when they do not own it. */
    async ownedItem(userId: string, itemId: string, h: Handle = deps.db): Promise<StoreItemRow | null> {
      const owned = storeRepository(h);
      return (await owned.ownedIds(userId, [itemId])).size > 0 ? owned.item(itemId) : null;
    },

    /** For wardrobe, scenes and live music: what a person owns, optionally of one category. */
    list: (userId: string, category?: StoreCategory) => repo.owned(userId, category),

    async setOpen(adminId: string, open: boolean) {
      await repo.setOpen(open, adminId);
      return { open: await repo.isOpen() };
    },

    async setPrice(itemId: string, price: number, currency: StoreItemRow['currency']) {
      const row = await repo.setPrice(itemId, price, currency);
      if (!row) throw new AppError(ErrorCode.STORE_ITEM_NOT_FOUND);
      // an admin sees the item as a shopper would, without ownership of their own
      return presentItem(row, false);
    },
  };
}

export type StoreService = ReturnType<typeof storeService>;
