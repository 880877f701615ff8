import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Handle } from '../../db/client.ts';
import { giftFreeDays, gifts, giftSends, users } from '../../db/schema/index.ts';
import { notBlocked } from '../../platform/policy.ts';

export type GiftRow = typeof gifts.$inferSelect;
export type GiftSendRow = typeof giftSends.$inferSelect;

const sender = { userId: users.id, userName: users.userName, avatar: users.avatar };

/** The SQL over gifts, sent gifts and the free gifts of each day. */
export function giftsRepository(db: Handle) {
  return {
    all: (): Promise<GiftRow[]> => db.select().from(gifts).orderBy(asc(gifts.sort), asc(gifts.key)),

    async byKey(key: string): Promise<GiftRow | null> {
      const [row] = await db
        .select()
        .from(gifts)
        .where(eq(gifts.key, key as GiftRow['key']));
      return row ?? null;
    },

    /** Sets how a gift is sold (admins); false when there is no such gift. */
    async setPricing(key: GiftRow['key'], pricing: Pick<GiftRow, 'priceKind' | 'price' | 'freeUntil' | 'expiresAt'>): Promise<boolean> {
      const rows = await db.update(gifts).set(pricing).where(eq(gifts.key, key)).returning({ key: gifts.key });
      return rows.length > 0;
    },

    async freeUsed(senderId: string, day: string): Promise<number> {
      const [row] = await db
        .select({ used: giftFreeDays.used })
        .from(giftFreeDays)
        .where(and(eq(giftFreeDays.senderId, senderId), eq(giftFreeDays.day, day)));
      return row?.used ?? 0;
    },

    /**
     * Takes `count` of the day's free gifts, or none when that would pass `limit`: one upsert,
     * so sends racing for the last ones wait on the row and re-read it. The day's total after, or null.
     */
    async takeFree(senderId: string, day: string, count: number, limit: number): Promise<number | null> {
      if (count > limit) return null;
      const [row] = await db
        .insert(giftFreeDays)
        .values({ senderId, day, used: count })
        .onConflictDoUpdate({
          target: [giftFreeDays.senderId, giftFreeDays.day],
          set: { used: sql`${giftFreeDays.used} + excluded.used` },
          setWhere: sql`${giftFreeDays.used} + excluded.used <= ${limit}`,
        })
        .returning({ used: giftFreeDays.used });
      return row?.used ?? null;
    },

    async insertSend(row: typeof giftSends.$inferInsert): Promise<GiftSendRow> {
      const [made] = await db.insert(giftSends).values(row).returning();
      return made;
    },

    /** The agent's latest gifts with their senders, leaving out people across a block with the viewer. */
    wall: (agentId: string, viewerId: string | null, limit: number) =>
      db
        .select({ send: giftSends, sender })
        .from(giftSends)
        .innerJoin(users, eq(users.id, giftSends.senderId))
        .where(and(eq(giftSends.agentId, agentId), notBlocked(viewerId, giftSends.senderId)))
        .orderBy(desc(giftSends.createdAt), desc(giftSends.id))
        .limit(limit),

    /** The agent's top givers: diamonds, then points, then gifts given, leaving out people across a block with the viewer. */
    leaderboard(agentId: string, viewerId: string | null, limit: number) {
      const total = (currency: string) => sql<number>`coalesce(sum(${giftSends.count} * ${giftSends.unitPrice}) filter (where ${giftSends.currency} = ${currency}), 0)::int`;
      const diamonds = total('JE');
      const points = total('MSS');
      const given = sql<number>`sum(${giftSends.count})::int`;
      return db
        .select({ sender, diamonds, points, gifts: given })
        .from(giftSends)
        .innerJoin(users, eq(users.id, giftSends.senderId))
        .where(and(eq(giftSends.agentId, agentId), notBlocked(viewerId, giftSends.senderId)))
        .groupBy(users.id)
        .orderBy(desc(diamonds), desc(points), desc(given), asc(users.id))
        .limit(limit);
    },
  };
}
