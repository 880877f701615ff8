import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Handle } from '../../db/client.ts';
import { users, workCollections, workLikes, works } from '../../db/schema/index.ts';
import { notBlocked } from '../../platform/policy.ts';
import { afterCursor, type Cursor } from '../../platform/pagination.ts';
import { toWorkRow, workRowFields, type WorkRow } from './works.repository.ts';

/** A listed work with the time it was liked or collected, the list's order. */
export type ReactedWorkRow = WorkRow & { reactedAt: Date };

/**
 * Works `viewerId` may see in a list, as `authorizeWork` decides for one: their own in any
 * state, others' public, published and not hidden, with no block either way with the author.
 */
function visibleTo(viewerId: string | null): SQL {
  const shared = and(eq(works.isPublic, true), sql`${works.publishedAt} is not null`, isNull(works.hiddenAt));
  return and(viewerId ? or(eq(works.authorId, viewerId), shared) : shared, notBlocked(viewerId, works.authorId))!;
}

/**
 * Likes and collections of works, and the counters on `works` that count them. A counter
 * moves only when a row really was inserted or deleted, in the caller's transaction, so the
 * counter always equals the rows (no COUNT(*) when a work is shown).
 */
export function reactionsRepository(db: Handle) {
  const bump = async (workId: string, counter: 'likeCount' | 'collectCount', by: 1 | -1) => {
    await db
      .update(works)
      .set({ [counter]: sql`${works[counter]} + ${by}` })
      .where(eq(works.id, workId));
  };

  return {
    /**
     * Holds the work for the rest of the transaction, so a delete racing a like waits for it
     * instead of failing the like's insert; false when it is gone already.
     */
    async holdWork(workId: string): Promise<boolean> {
      const rows = await db.select({ id: works.id }).from(works).where(eq(works.id, workId)).for('key share');
      return rows.length > 0;
    },

    /** Answers whether a like was added (false: there was one already). */
    async like(workId: string, userId: string): Promise<boolean> {
      const added = await db.insert(workLikes).values({ workId, userId }).onConflictDoNothing().returning({ workId: workLikes.workId });
      if (added.length > 0) await bump(workId, 'likeCount', 1);
      return added.length > 0;
    },

    /** Answers whether a like was taken back (false: there was none). */
    async unlike(workId: string, userId: string): Promise<boolean> {
      const removed = await db
        .delete(workLikes)
        .where(and(eq(workLikes.workId, workId), eq(workLikes.userId, userId)))
        .returning({ workId: workLikes.workId });
      if (removed.length > 0) await bump(workId, 'likeCount', -1);
      return removed.length > 0;
    },

    async collect(workId: string, userId: string): Promise<boolean> {
      const added = await db.insert(workCollections).values({ workId, userId }).onConflictDoNothing().returning({ workId: workCollections.workId });
      if (added.length > 0) await bump(workId, 'collectCount', 1);
      return added.length > 0;
    },

    async uncollect(workId: string, userId: string): Promise<boolean> {
      const removed = await db
        .delete(workCollections)
        .where(and(eq(workCollections.workId, workId), eq(workCollections.userId, userId)))
        .returning({ workId: workCollections.workId });
      if (removed.length > 0) await bump(workId, 'collectCount', -1);
      return removed.length > 0;
    },

    /** The counters and the user's own like and collection of one work. */
    async state(workId: string, userId: string) {
      const [row] = await db
        .select({
          likeCount: works.likeCount,
          collectCount: works.collectCount,
          liked: sql<boolean>`exists (select 1 from ${workLikes} where ${workLikes.workId} = ${works.id} and ${workLikes.userId} = ${userId})`,
          collected: sql<boolean>`exists (select 1 from ${workCollections} where ${workCollections.workId} = ${works.id} and ${workCollections.userId} = ${userId})`,
        })
        .from(works)
        .where(eq(works.id, workId));
      return row ?? null;
    },

    /** The works `userId` collected and may still see, newest collected first; limit + 1 rows for paging. */
    async collections(userId: string, cursor: Cursor | null, limit: number): Promise<ReactedWorkRow[]> {
      const rows = await db
        .select({ ...workRowFields(userId), reactedAt: workCollections.createdAt })
        .from(workCollections)
        .innerJoin(works, eq(works.id, workCollections.workId))
        .innerJoin(users, eq(users.id, works.authorId))
        .where(and(eq(workCollections.userId, userId), visibleTo(userId), afterCursor(cursor, workCollections.createdAt, workCollections.workId)))
        .orderBy(desc(workCollections.createdAt), desc(workCollections.workId))
        .limit(limit + 1);
      return rows.map(({ reactedAt, ...row }) => ({ ...toWorkRow(row), reactedAt }));
    },

    /**
     * The works `userId` liked that `viewerId` may see, newest liked first; nothing when the
     * two blocked each other (a blocked person sees nothing of the blocker).
     */
    async likedBy(userId: string, viewerId: string | null, cursor: Cursor | null, limit: number): Promise<ReactedWorkRow[]> {
      const rows = await db
        .select({ ...workRowFields(viewerId), reactedAt: workLikes.createdAt })
        .from(workLikes)
        .innerJoin(works, eq(works.id, workLikes.workId))
        .innerJoin(users, eq(users.id, works.authorId))
        .where(and(eq(workLikes.userId, userId), notBlocked(viewerId, sql`${userId}::uuid`), visibleTo(viewerId), afterCursor(cursor, workLikes.createdAt, workLikes.workId)))
        .orderBy(desc(workLikes.createdAt), desc(workLikes.workId))
        .limit(limit + 1);
      return rows.map(({ reactedAt, ...row }) => ({ ...toWorkRow(row), reactedAt }));
    },
  };
}

export type ReactionsRepository = ReturnType<typeof reactionsRepository>;
