import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Handle } from '../../db/client.ts';
import { cartItems, inventory, storeItems, storeOrders, storeSettings, type StoreOrderLine } from '../../db/schema/index.ts';

export type StoreItemRow = typeof storeItems.$inferSelect;
export type StoreCategory = StoreItemRow['category'];

// the tabs' order, then the order the catalogue gives within a tab
const byShelf = [asc(storeItems.category), asc(storeItems.sort), asc(storeItems.id)] as const;

/** The SQL over the store's items, its opening, carts, orders and what people own. */
export function storeRepository(db: Handle) {
  return {
    /** Whether the store is open; without a row it is. */
    async isOpen(): Promise<boolean> {
      const [row] = await db.select({ open: storeSettings.open }).from(storeSettings);
      return row?.open ?? true;
    },

    async setOpen(open: boolean, adminId: string): Promise<void> {
      await db
        .insert(storeSettings)
        .values({ id: true, open, updatedBy: adminId })
        .onConflictDoUpdate({ target: storeSettings.id, set: { open, updatedBy: adminId, updatedAt: new Date() } });
    },

    items(): Promise<StoreItemRow[]> {
      return db
        .select()
        .from(storeItems)
        .orderBy(...byShelf);
    },

    itemsByIds(ids: string[]): Promise<StoreItemRow[]> {
      return db.select().from(storeItems).where(inArray(storeItems.id, ids));
    },

    async item(id: string): Promise<StoreItemRow | null> {
      const [row] = await db.select().from(storeItems).where(eq(storeItems.id, id));
      return row ?? null;
    },

    async setPrice(id: string, price: number, currency: StoreItemRow['currency']): Promise<StoreItemRow | null> {
      const [row] = await db.update(storeItems).set({ price, currency }).where(eq(storeItems.id, id)).returning();
      return row ?? null;
    },

    /** Which of `ids` (all when left out) the person owns. */
    async ownedIds(userId: string, ids?: string[]): Promise<Set<string>> {
      const rows = await db
        .select({ itemId: inventory.itemId })
        .from(inventory)
        .where(and(eq(inventory.userId, userId), ids ? inArray(inventory.itemId, ids) : undefined));
      return new Set(rows.map((r) => r.itemId));
    },

    async owned(userId: string, category?: StoreCategory) {
      return db
        .select({ item: storeItems, acquiredAt: inventory.acquiredAt })
        .from(inventory)
        .innerJoin(storeItems, eq(storeItems.id, inventory.itemId))
        .where(and(eq(inventory.userId, userId), category ? eq(storeItems.category, category) : undefined))
        .orderBy(desc(inventory.acquiredAt), asc(storeItems.id));
    },

    async cart(userId: string) {
      return db
        .select({ item: storeItems, selected: cartItems.selected })
        .from(cartItems)
        .innerJoin(storeItems, eq(storeItems.id, cartItems.itemId))
        .where(eq(cartItems.userId, userId))
        .orderBy(asc(cartItems.addedAt), asc(storeItems.id));
    },

    /** Puts an item in the cart, selected (again, when it was there already). */
    async cartAdd(userId: string, itemId: string): Promise<void> {
      await db
        .insert(cartItems)
        .values({ userId, itemId })
        .onConflictDoUpdate({ target: [cartItems.userId, cartItems.itemId], set: { selected: true } });
    },

    async cartRemove(userId: string, itemIds: string[]): Promise<void> {
      await db.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.itemId, itemIds)));
    },

    async cartSelect(userId: string, itemId: string | undefined, selected: boolean): Promise<void> {
      await db
        .update(cartItems)
        .set({ selected })
        .where(and(eq(cartItems.userId, userId), itemId ? eq(cartItems.itemId, itemId) : undefined));
    },

    async cartClear(userId: string): Promise<void> {
      await db.delete(cartItems).where(eq(cartItems.userId, userId));
    },

    async insertOrder(order: { id: string; userId: string; lines: StoreOrderLine[]; totalJe: number; totalMss: number }) {
      const [row] = await db.insert(storeOrders).values(order).returning();
      return row;
    },

    /**
     * Records that the person owns the items, answering those newly owned. An item they own
     * already is skipped: the primary key makes a second purchase impossible, even by two
     * purchases at once (the second waits for the first and then finds its row).
     */
    async own(userId: string, itemIds: string[], orderId: string): Promise<string[]> {
      const rows = await db
        .insert(inventory)
        .values(itemIds.map((itemId) => ({ userId, itemId, orderId })))
        .onConflictDoNothing()
        .returning({ itemId: inventory.itemId });
      return rows.map((r) => r.itemId);
    },
  };
}
