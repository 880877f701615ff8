import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Handle } from '../../db/client.ts';
import { interactNotices, systemNoticeReads, systemNotices, users } from '../../db/schema/index.ts';
import { afterCursor, type Cursor } from '../../platform/pagination.ts';
import { interactNoticesFor, systemNoticesFor, type Reader } from './notices.policy.ts';

export type SystemNoticeRow = typeof systemNotices.$inferSelect & { read: boolean };
export type InteractNoticeRow = typeof interactNotices.$inferSelect & {
  actorName: string | null;
  actorAvatar: string | null;
};

/** What makes two interactive notices the same event: recipient, kind and target. */
export interface FoldKey {
  recipientId: string;
  kind: (typeof interactNotices.$inferSelect)['kind'];
  targetType: string;
  targetId: string;
}

export function noticesRepository(db: Handle) {
  const readByReader = (reader: Reader) =>
    sql<boolean>`exists (select 1 from ${systemNoticeReads} where ${systemNoticeReads.noticeId} = ${systemNotices.id} and ${systemNoticeReads.userId} = ${reader.id})`;

  const interactColumns = {
    id: interactNotices.id,
    recipientId: interactNotices.recipientId,
    actorId: interactNotices.actorId,
    kind: interactNotices.kind,
    params: interactNotices.params,
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
          kind: systemNotices.kind,
          params: systemNotices.params,
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
          kind: systemNotices.kind,
          params: systemNotices.params,
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

    /**
     * The notice a new one of the same kind on the same target folds into: unread, to the
     * same recipient, created after `since`, locked for the rest of the transaction. Callers
     * first take `lockFold` so two folds of one target never both find nothing and insert
     * twice; the row lock makes a fold wait for a read mark racing it, after which the read
     * notice no longer matches and a new one starts.
     */
    async foldTarget(key: FoldKey, since: Date): Promise<{ id: string; actorId: string | null; othersCount: number } | null> {
      const [row] = await db
        .select({ id: interactNotices.id, actorId: interactNotices.actorId, othersCount: interactNotices.othersCount })
        .from(interactNotices)
        .where(
          and(
            interactNoticesFor(key.recipientId),
            eq(interactNotices.kind, key.kind),
            eq(interactNotices.targetType, key.targetType),
            eq(interactNotices.targetId, key.targetId),
            isNull(interactNotices.readAt),
            gt(interactNotices.createdAt, since),
          ),
        )
        .orderBy(desc(interactNotices.createdAt))
        .limit(1)
        .for('update');
      return row ?? null;
    },

    /** Serializes folds of one recipient's notices about one target until the transaction ends. */
    async lockFold(key: FoldKey): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`notice-fold:${key.recipientId}:${key.kind}:${key.targetType}:${key.targetId}`}))`);
    },

    /** One more person did the same: they become the actor, and the notice rises to the top as new. */
    async fold(id: string, patch: { actorId: string | null; othersCount: number; params: unknown; title: string; content: string }): Promise<void> {
      await db
        .update(interactNotices)
        .set({ ...patch, createdAt: sql`clock_timestamp()` })
        .where(eq(interactNotices.id, id));
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
