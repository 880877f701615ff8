import { and, desc, eq, lte } from 'drizzle-orm';
import type { Handle } from '../../db/client.ts';
import { checkins } from '../../db/schema/index.ts';

/** The SQL over daily check-ins. */
export function checkinRepository(db: Handle) {
  return {
    /** The person's latest check-in on or before `day`. */
    async latest(userId: string, day: string) {
      const [row] = await db
        .select({ day: checkins.day, streak: checkins.streak })
        .from(checkins)
        .where(and(eq(checkins.userId, userId), lte(checkins.day, day)))
        .orderBy(desc(checkins.day))
        .limit(1);
      return row ?? null;
    },

    /** The day's check-in, or false when the person already has one (the primary key). */
    async insert(row: typeof checkins.$inferInsert): Promise<boolean> {
      const made = await db.insert(checkins).values(row).onConflictDoNothing().returning({ day: checkins.day });
      return made.length > 0;
    },
  };
}
