import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { interactNotices, systemNoticeReads, systemNotices, users } from '../../db/schema/index.ts';
import { afterCursor, type Cursor } from '../../platform/pagination.ts';
import { interactNoticesFor, systemNoticesFor, type Reader } from './notices.policy.ts';

export type SystemNoticeRow = typeof systemNotices.$inferSelect & { read: boolean };
export type InteractNoticeRow = typeof interactNotices.$inferSelect & {
  actorName: string | null;
  actorAvatar: string | null;
};

export function noticesRepository(db: Db) {
  const readByReader = (reader: Reader) =>
    sql<boolean>`exists (select 1 from ${systemNoticeReads} where ${systemNoticeReads.noticeId} = ${systemNotices.id} and ${systemNoticeReads.userId} = ${reader.id})`;

  const interactColumns = {
    id: interactNotices.id,
    recipientId: interactNotices.recipientId,
    actorId: interactNotices.actorId,
    kind: interactNotices.kind,
    title: interactNotices.title,
    content: interactNotices.content,
    targetType: interactNotices.targetType,
    targetId: interactNotices.targetId,
    othersCount: interactNotices.othersCount,
    readAt: interactNotices.readAt,
    createdAt: interactNotices.createdAt,
    actorName: users.userName,
    actorAvatar: users.avatar,
  };

  return {
    async insertSystem(values: typeof systemNotices.$inferInsert): Promise<SystemNoticeRow> {
      const [row] = await db.insert(systemNotices).values(values).returning();
      return { ...row, read: false };
    },

    async listSystem(reader: Reader, cursor: Cursor | null, limit: number): Promise<SystemNoticeRow[]> {
      return db
        .select({
          id: systemNotices.id,
          recipientId: systemNotices.recipientId,
          title: systemNotices.title,
          content: systemNotices.content,
          createdBy: systemNotices.createdBy,
          createdAt: systemNotices.createdAt,
          read: readByReader(reader),
        })
        .from(systemNotices)
        .where(and(systemNoticesFor(reader), afterCursor(cursor, systemNotices.createdAt, systemNotices.id)))
        .orderBy(desc(systemNotices.createdAt), desc(systemNotices.id))
        .limit(limit + 1);
    },

    async systemById(reader: Reader, id: string): Promise<SystemNoticeRow | null> {
      const [row] = await db
        .select({
          id: systemNotices.id,
          recipientId: systemNotices.recipientId,
          title: systemNotices.title,
          content: systemNotices.content,
          createdBy: systemNotices.createdBy,
          createdAt: systemNotices.createdAt,
          read: readByReader(reader),
        })
        .from(systemNotices)
        .where(and(eq(systemNotices.id, id), systemNoticesFor(reader)));
      return row ?? null;
    },

    /** Marks visible unread system notices read (one, or all when id is null); answers how many changed. */
    async markSystemRead(reader: Reader, id: string | null): Promise<number> {
      const rows = await db
        .insert(systemNoticeReads)
        .select(
          db
            .select({ noticeId: systemNotices.id, userId: sql`${reader.id}::uuid`.as('user_id'), readAt: sql`now()`.as('read_at') })
            .from(systemNotices)
            .where(and(systemNoticesFor(reader), id ? eq(systemNotices.id, id) : undefined)),
        )
        .onConflictDoNothing()
        .returning({ noticeId: systemNoticeReads.noticeId });
      return rows.length;
    },

    async unreadSystem(reader: Reader): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(systemNotices)
        .where(and(systemNoticesFor(reader), sql`not ${readByReader(reader)}`));
      return row?.n ?? 0;
    },

    async insertInteract(values: typeof interactNotices.$inferInsert): Promise<string> {
      const [row] = await db.insert(interactNotices).values(values).returning({ id: interactNotices.id });
      return row.id;
    },

    async listInteract(userId: string, cursor: Cursor | null, limit: number): Promise<InteractNoticeRow[]> {
      return db
        .select(interactColumns)
        .from(interactNotices)
        .leftJoin(users, eq(users.id, interactNotices.actorId))
        .where(and(interactNoticesFor(userId), afterCursor(cursor, interactNotices.createdAt, interactNotices.id)))
        .orderBy(desc(interactNotices.createdAt), desc(interactNotices.id))
        .limit(limit + 1);
    },

    async interactById(userId: string, id: string): Promise<InteractNoticeRow | null> {
      const [row] = await db
        .select(interactColumns)
        .from(interactNotices)
        .leftJoin(users, eq(users.id, interactNotices.actorId))
        .where(and(eq(interactNotices.id, id), interactNoticesFor(userId)));
      return row ?? null;
    },

    async markInteractRead(userId: string, id: string | null): Promise<number> {
      const rows = await db
        .update(interactNotices)
        .set({ readAt: new Date() })
        .where(and(interactNoticesFor(userId), isNull(interactNotices.readAt), id ? eq(interactNotices.id, id) : undefined))
        .returning({ id: interactNotices.id });
      return rows.length;
    },

    /** Whether `recipientId` still has an unread notice of this kind from this actor. */
    async hasUnreadInteractFrom(recipientId: string, actorId: string, kind: InteractNoticeRow['kind']): Promise<boolean> {
      const rows = await db
        .select({ id: interactNotices.id })
        .from(interactNotices)
        .where(and(interactNoticesFor(recipientId), eq(interactNotices.actorId, actorId), eq(interactNotices.kind, kind), isNull(interactNotices.readAt)))
        .limit(1);
      return rows.length > 0;
    },

    async unreadInteract(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(interactNotices)
        .where(and(interactNoticesFor(userId), isNull(interactNotices.readAt)));
      return row?.n ?? 0;
    },
  };
}

export type NoticesRepository = ReturnType<typeof noticesRepository>;
