import { and, asc, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Handle } from '../../db/client.ts';
import { commentLikes, comments, users } from '../../db/schema/index.ts';
import { afterCursor, afterRankedCursor, type Cursor } from '../../platform/pagination.ts';
import { notBlocked } from '../../platform/policy.ts';

export type CommentRecord = typeof comments.$inferSelect;

/** A comment with what the list shows beside it: names, and whether the viewer liked it. */
export type CommentRow = CommentRecord & {
  authorName: string;
  authorAvatar: string | null;
  replyToUserName: string | null;
  liked: boolean;
};

export type CommentOrderValue = 'newest' | 'liked';

const replyUser = alias(users, 'reply_user');

/** Rows strictly after the cursor in (time asc, id asc) order: replies read oldest first. */
function afterAscending(cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  return or(gt(comments.createdAt, cursor.at), and(eq(comments.createdAt, cursor.at), gt(comments.id, cursor.id)));
}

/** The SQL over comments and comment likes. */
export function commentsRepository(db: Handle) {
  /** Comments joined with their authors' and addressees' names, and the viewer's like. */
  const select = (viewerId: string | null) =>
    db
      .select({
        comment: comments,
        authorName: users.userName,
        authorAvatar: users.avatar,
        replyToUserName: replyUser.userName,
        liked: viewerId ? sql<boolean>`exists (select 1 from ${commentLikes} where ${commentLikes.commentId} = ${comments.id} and ${commentLikes.userId} = ${viewerId})` : sql<boolean>`false`,
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.authorId))
      .leftJoin(replyUser, eq(replyUser.id, comments.replyToUserId));
  const flat = (r: { comment: CommentRecord; authorName: string; authorAvatar: string | null; replyToUserName: string | null; liked: boolean }): CommentRow => ({
    ...r.comment,
    authorName: r.authorName,
    authorAvatar: r.authorAvatar,
    replyToUserName: r.replyToUserName,
    liked: Boolean(r.liked),
  });

  return {
    async byId(id: string): Promise<CommentRecord | null> {
      const [row] = await db.select().from(comments).where(eq(comments.id, id));
      return row ?? null;
    },

    /** One comment as `viewerId` sees it (names and like). */
    async shownById(viewerId: string | null, id: string): Promise<CommentRow | null> {
      const [row] = await select(viewerId).where(eq(comments.id, id));
      return row ? flat(row) : null;
    },

    /** The comment, held until the transaction ends: replies, deletes and likes of one thread wait for each other. */
    async lock(id: string): Promise<CommentRecord | null> {
      const [row] = await db.select().from(comments).where(eq(comments.id, id)).for('update');
      return row ?? null;
    },

    async insert(values: typeof comments.$inferInsert): Promise<CommentRecord> {
      const [row] = await db.insert(comments).values(values).returning();
      return row;
    },

    /** Adds `delta` to a top comment's reply counter in place. */
    async adjustReplyCount(rootId: string, delta: number): Promise<void> {
      await db
        .update(comments)
        .set({ replyCount: sql`${comments.replyCount} + ${delta}` })
        .where(eq(comments.id, rootId));
    },

    /** Turns a comment into a placeholder: kept for its replies, its text never answered again. */
    async markDeleted(id: string): Promise<void> {
      await db.update(comments).set({ deletedAt: new Date() }).where(eq(comments.id, id));
    },

    /** Removes a comment and its likes. */
    async remove(id: string): Promise<void> {
      await db.delete(comments).where(eq(comments.id, id));
    },

    /**
     * One page of a work's threads in a single statement: the top comments in the given order
     * (limit + 1 rows for paging) and, for each, its first `previewCount` + 1 replies oldest
     * first; without people blocked either way with the viewer. Top comments have no rootId.
     */
    async threadPage(viewerId: string | null, workId: string, page: { order: CommentOrderValue; cursor: Cursor | null; limit: number }, previewCount: number): Promise<CommentRow[]> {
      const liked = page.order === 'liked';
      const position = liked ? afterRankedCursor(page.cursor, comments.likeCount, comments.createdAt, comments.id) : afterCursor(page.cursor, comments.createdAt, comments.id);
      const sort = liked ? [desc(comments.likeCount), desc(comments.createdAt), desc(comments.id)] : [desc(comments.createdAt), desc(comments.id)];
      // the page's ids are chosen on the comments alone, so only they are joined with names and likes
      const tops = db
        .select({ id: comments.id })
        .from(comments)
        .where(and(eq(comments.workId, workId), isNull(comments.rootId), notBlocked(viewerId, comments.authorId), position))
        .orderBy(...sort)
        .limit(page.limit + 1);
      const picked = sql`with t as (${tops}) select t.id from t
        union all
        select r.id from t cross join lateral (
          select c.id from ${comments} c
          where c.root_id = t.id and c.deleted_at is null and ${notBlocked(viewerId, sql`c.author_id`)}
          order by c.created_at, c.id limit ${previewCount + 1}) r`;
      const rows = await select(viewerId)
        .where(sql`${comments.id} in (${picked})`)
        .orderBy(...sort);
      return rows.map(flat);
    },

    /** Replies of one top comment, oldest first, without blocked people; limit + 1 rows for paging. */
    async replies(viewerId: string | null, rootId: string, cursor: Cursor | null, limit: number): Promise<CommentRow[]> {
      const rows = await select(viewerId)
        .where(and(eq(comments.rootId, rootId), isNull(comments.deletedAt), notBlocked(viewerId, comments.authorId), afterAscending(cursor)))
        .orderBy(asc(comments.createdAt), asc(comments.id))
        .limit(limit + 1);
      return rows.map(flat);
    },

    /** Records a like; false when the user had liked it already. */
    async addLike(commentId: string, userId: string): Promise<boolean> {
      const rows = await db.insert(commentLikes).values({ commentId, userId }).onConflictDoNothing().returning({ userId: commentLikes.userId });
      return rows.length > 0;
    },

    /** Takes a like back; false when there was none. */
    async removeLike(commentId: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(commentLikes)
        .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)))
        .returning({ userId: commentLikes.userId });
      return rows.length > 0;
    },

    /** Adds `delta` (0 to just read it) to a comment's like counter in place and answers the new count. */
    async adjustLikeCount(commentId: string, delta: number): Promise<number> {
      const [row] = await db
        .update(comments)
        .set({ likeCount: sql`${comments.likeCount} + ${delta}` })
        .where(eq(comments.id, commentId))
        .returning({ likeCount: comments.likeCount });
      return row?.likeCount ?? 0;
    },
  };
}

export type CommentsRepository = ReturnType<typeof commentsRepository>;
