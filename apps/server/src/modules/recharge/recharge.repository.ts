import { and, asc, eq } from 'drizzle-orm';
import type { Handle } from '../../db/client.ts';
import { rechargeOrders, rechargePackages } from '../../db/schema/index.ts';

export type PackageRow = typeof rechargePackages.$inferSelect;
export type OrderRow = typeof rechargeOrders.$inferSelect;
export type PackageChange = Pick<typeof rechargePackages.$inferInsert, 'diamonds' | 'bonus' | 'priceMinor' | 'active'>;

/** The SQL over recharge packages and orders. */
export function rechargeRepository(db: Handle) {
  return {
    all: (): Promise<PackageRow[]> => db.select().from(rechargePackages).orderBy(asc(rechargePackages.sort)),

    /** Changes a package; false when there is none with that id. Orders keep their own copy. */
    async savePackage(id: string, change: PackageChange): Promise<boolean> {
      const rows = await db.update(rechargePackages).set(change).where(eq(rechargePackages.id, id)).returning({ id: rechargePackages.id });
      return rows.length > 0;
    },

    onSale: (): Promise<PackageRow[]> => db.select().from(rechargePackages).where(eq(rechargePackages.active, true)).orderBy(asc(rechargePackages.sort)),

    async onSaleById(id: string): Promise<PackageRow | null> {
      const [row] = await db
        .select()
        .from(rechargePackages)
        .where(and(eq(rechargePackages.id, id), eq(rechargePackages.active, true)));
      return row ?? null;
    },

    /** A new order, or null when the buyer already made one with this request key. */
    async insertOrder(values: typeof rechargeOrders.$inferInsert): Promise<OrderRow | null> {
      const [row] = await db.insert(rechargeOrders).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async byRequest(userId: string, requestKey: string): Promise<OrderRow | null> {
      const [row] = await db
        .select()
        .from(rechargeOrders)
        .where(and(eq(rechargeOrders.userId, userId), eq(rechargeOrders.requestKey, requestKey)));
      return row ?? null;
    },

    async setCheckout(id: string, providerRef: string, checkoutUrl: string | null): Promise<void> {
      await db.update(rechargeOrders).set({ providerRef, checkoutUrl }).where(eq(rechargeOrders.id, id));
    },

    async byId(id: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(rechargeOrders).where(eq(rechargeOrders.id, id));
      return row ?? null;
    },

    /** Marks a pending order paid; false when it was not pending (already paid, or failed). */
    async markPaid(id: string): Promise<boolean> {
      const rows = await db
        .update(rechargeOrders)
        .set({ status: 'paid', paidAt: new Date() })
        .where(and(eq(rechargeOrders.id, id), eq(rechargeOrders.status, 'pending')))
        .returning({ id: rechargeOrders.id });
      return rows.length > 0;
    },

    async markFailed(id: string): Promise<void> {
      await db
        .update(rechargeOrders)
        .set({ status: 'failed' })
        .where(and(eq(rechargeOrders.id, id), eq(rechargeOrders.status, 'pending')));
    },
  };
}
