import type { Handle } from '../../db/client.ts';
import { exchangeRates } from '../../db/schema/index.ts';

/** The SQL over the rates admins set. */
export function exchangeRepository(db: Handle) {
  return {
    async rates(): Promise<Array<{ target: string; perDiamond: number }>> {
      return db.select({ target: exchangeRates.target, perDiamond: exchangeRates.perDiamond }).from(exchangeRates);
    },

    async setRate(target: string, perDiamond: number, adminId: string): Promise<void> {
      await db
        .insert(exchangeRates)
        .values({ target, perDiamond, updatedBy: adminId })
        .onConflictDoUpdate({ target: exchangeRates.target, set: { perDiamond, updatedBy: adminId, updatedAt: new Date() } });
    },
  };
}
