import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Handle } from '../../db/client.ts';
import { rechargeOrders, rechargePackages, starterCoupons } from '../../db/schema/index.ts';

export type PackageRow = typeof rechargePackages.$inferSelect;
export type OrderRow = typeof rechargeOrders.$inferSelect;
export type CouponRow = typeof starterCoupons.$inferSelect;

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

    /** Marks a pending order failed and frees the coupon it was to spend, in one step; a paid order stays paid. */
    async markFailed(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const failed = await tx
          .update(rechargeOrders)
          .set({ status: 'failed' })
          .where(and(eq(rechargeOrders.id, id), eq(rechargeOrders.status, 'pending')))
          .returning({ id: rechargeOrders.id });
        if (failed.length === 0) return;
        await tx
          .update(starterCoupons)
          .set({ orderId: null })
          .where(and(eq(starterCoupons.orderId, id), isNull(starterCoupons.spentAt)));
      });
    },

    async hasPaidOrder(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: rechargeOrders.id })
        .from(rechargeOrders)
        .where(and(eq(rechargeOrders.userId, userId), eq(rechargeOrders.status, 'paid')))
        .limit(1);
      return row !== undefined;
    },

    async coupon(userId: string): Promise<CouponRow | null> {
      const [row] = await db.select().from(starterCoupons).where(eq(starterCoupons.userId, userId));
      return row ?? null;
    },

    /** Claims the person's coupon; null when they have one already (the unique user decides, so two claims at once make one). */
    async claimCoupon(userId: string, percentOff: number): Promise<CouponRow | null> {
      const [row] = await db.insert(starterCoupons).values({ userId, percentOff }).onConflictDoNothing().returning();
      return row ?? null;
    },

    /**
     * Puts an unspent coupon on an order. It may move from an order that failed, never from one
     * still pending (the service settles a stale one with the provider first, marking it failed
     * or crediting it). The row's lock makes two orders racing for one coupon get it once; false
     * for the loser.
     */
    async reserveCoupon(couponId: string, orderId: string): Promise<boolean> {
      const rows = await db
        .update(starterCoupons)
        .set({ orderId })
        .where(
          and(
            eq(starterCoupons.id, couponId),
            isNull(starterCoupons.spentAt),
            sql`(${starterCoupons.orderId} is null or ${starterCoupons.orderId} in (select ${rechargeOrders.id} from ${rechargeOrders} where ${rechargeOrders.status} = 'failed'))`,
          ),
        )
        .returning({ id: starterCoupons.id });
      return rows.length > 0;
    },

    /** Spends the coupon of an order being credited (in the crediting transaction, so once). */
    /** Spends the coupon put on an order, if any: answers what it took off, in percent (null without one). */
    async spendCoupon(orderId: string): Promise<number | null> {
      const [row] = await db
        .update(starterCoupons)
        .set({ spentAt: new Date() })
        .where(and(eq(starterCoupons.orderId, orderId), isNull(starterCoupons.spentAt)))
        .returning({ percentOff: starterCoupons.percentOff });
      return row?.percentOff ?? null;
    },
  };
}
