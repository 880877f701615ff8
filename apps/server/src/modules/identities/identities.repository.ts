import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Handle } from '../../db/client.ts';
import { chatIdentities } from '../../db/schema/index.ts';

export type IdentityRow = typeof chatIdentities.$inferSelect;
export type IdentityFields = Pick<typeof chatIdentities.$inferInsert, 'name' | 'gender' | 'background' | 'isGlobal' | 'agentId'>;

/** Chat identities; every query is scoped to their user. */
export function identitiesRepository(db: Handle) {
  return {
    async list(userId: string): Promise<IdentityRow[]> {
      return db.select().from(chatIdentities).where(eq(chatIdentities.userId, userId)).orderBy(desc(chatIdentities.createdAt), desc(chatIdentities.id));
    },

    async forChat(userId: string, agentId: string): Promise<IdentityRow | null> {
      const [row] = await db
        .select()
        .from(chatIdentities)
        .where(and(eq(chatIdentities.userId, userId), or(eq(chatIdentities.agentId, agentId), eq(chatIdentities.isGlobal, true))))
        .orderBy(sql`${chatIdentities.agentId} is null`, desc(chatIdentities.updatedAt))
        .limit(1);
      return row ?? null;
    },

    async byId(id: string): Promise<IdentityRow | null> {
      const [row] = await db.select().from(chatIdentities).where(eq(chatIdentities.id, id));
      return row ?? null;
    },

    async insert(userId: string, fields: IdentityFields): Promise<IdentityRow> {
      const [row] = await db
        .insert(chatIdentities)
        .values({ ...fields, userId })
        .returning();
      return row;
    },

    async update(userId: string, id: string, fields: IdentityFields): Promise<IdentityRow | null> {
      const [row] = await db
        .update(chatIdentities)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(chatIdentities.id, id), eq(chatIdentities.userId, userId)))
        .returning();
      return row ?? null;
    },

    async delete(userId: string, id: string): Promise<number> {
      const rows = await db
        .delete(chatIdentities)
        .where(and(eq(chatIdentities.id, id), eq(chatIdentities.userId, userId)))
        .returning({ id: chatIdentities.id });
      return rows.length;
    },
  };
}

export type IdentitiesRepository = ReturnType<typeof identitiesRepository>;
