import { and, eq, gt, sql } from 'drizzle-orm';
import type { Handle } from '../../db/client.ts';
import { redeemBatches, redeemCodes, redeemUses } from '../../db/schema/index.ts';

/** The SQL over batches of redeem codes and their uses. */
export function redeemRepository(db: Handle) {
  return {
    async insertBatch(batch: typeof redeemBatches.$inferInsert, codeHashes: string[]) {
      const [row] = await db.insert(redeemBatches).values(batch).returning();
      await db.insert(redeemCodes).values(codeHashes.map((codeHash) => ({ batchId: row.id, codeHash, usesLeft: batch.usesPerCode })));
      return row;
    },

    /** A code with what it credits, by its hash. */
    async byHash(codeHash: string) {
      const [row] = await db
        .select({ id: redeemCodes.id, currency: redeemBatches.currency, value: redeemBatches.value, expiresAt: redeemBatches.expiresAt })
        .from(redeemCodes)
        .innerJoin(redeemBatches, eq(redeemBatches.id, redeemCodes.batchId))
        .where(eq(redeemCodes.codeHash, codeHash));
      return row ?? null;
    },

    /** Records that a person redeemed a code; false when they already had. */
    async recordUse(codeId: string, userId: string): Promise<boolean> {
      const rows = await db.insert(redeemUses).values({ codeId, userId }).onConflictDoNothing().returning({ codeId: redeemUses.codeId });
      return rows.length === 1;
    },

    /**
     * Takes one use of a code; false when none is left. A racing request waits on the row's
     * lock and then sees the count the first one left, so the last use goes to one person.
     */
    async takeUse(codeId: string): Promise<boolean> {
      const rows = await db
        .update(redeemCodes)
        .set({ usesLeft: sql`${redeemCodes.usesLeft} - 1` })
        .where(and(eq(redeemCodes.id, codeId), gt(redeemCodes.usesLeft, 0)))
        .returning({ id: redeemCodes.id });
      return rows.length === 1;
    },
  };
}
