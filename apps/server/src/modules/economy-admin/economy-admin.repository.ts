import { asc, eq } from 'drizzle-orm';
import type { Handle } from '../../db/client.ts';
import { rechargePackages } from '../../db/schema/index.ts';

export type PackageChange = Pick<typeof rechargePackages.$inferInsert, 'diamonds' | 'bonus' | 'priceMinor' | 'active'>;

/** The SQL of the admin economy console: recharge packages (orders keep their own copy). */
export function economyAdminRepository(db: Handle) {
  return {
    packages: () => db.select().from(rechargePackages).orderBy(asc(rechargePackages.sort)),

    /** Changes a package; false when there is none with that id. */
    async savePackage(id: string, change: PackageChange): Promise<boolean> {
      const rows = await db.update(rechargePackages).set(change).where(eq(rechargePackages.id, id)).returning({ id: rechargePackages.id });
      return rows.length > 0;
    },
  };
}
