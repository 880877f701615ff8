import { COMMENT_LIMITS, ErrorCode } from '@starlit/contract';
import type { FastifyBaseLogger } from 'fastify';
import { withTx, type Db, type Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { decodeCursor, toPage } from '../../platform/pagination.ts';
import { assertNoBlock, assertNotMuted } from '../../platform/policy.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { InteractNoticeInput } from '../notices/notices.service.ts';
import type { UserRow } from '../users/users.repository.ts';
import type { WorkRow } from '../works/works.repository.ts';
import { commentNotice } from './comment-notices.ts';
import { authorizeCommentDelete, authorizeCommentTarget } from './comments.policy.ts';
import { commentsRepository, type CommentOrderValue, type CommentRecord, type CommentRow } from './comments.repository.ts';

/** What the comments feature needs of works: the work as the caller sees it, and its comment counter. */
export interface CommentWorks {
  seeable(viewerId: string | null, id: string): Promise<WorkRow>;
  adjustCommentCount(tx: Tx, workId: string, delta: number): Promise<void>;
}

export interface CommentsDeps {
  db: Db;
  works: CommentWorks;
  users: { byId(id: string): Promise<UserRow | null> };
  notices: { sendInteract(input: InteractNoticeInput): Promise<unknown> };
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  /** Comments and replies one user may post per minute. */
  commentsPerMinute: number;
  /** Likes and unlikes of comments one user may make per minute. */
  likesPerMinute: number;
}

const MINUTE = 60_000;

/** Whom a comment is shown with: the work's author (for the badge and who may delete). */
export interface Shown {
  row: CommentRow;
  workAuthorId: string;
}

/**
 * Only public, published works that moderation has not hidden take comments (SPEC §3: private
 * works cannot be commented on, by their author neither). Others never get here: `seeable`
 * answered them "not found" or "not published" already.
 */
function authorizeCommentOn(work: WorkRow): WorkRow {
  if (!work.isPublic) throw new AppError(ErrorCode.COMMENT_PRIVATE_WORK);
  if (!work.publishedAt) throw new AppError(ErrorCode.WORK_NOT_PUBLISHED);
  if (work.hiddenAt) throw new AppError(ErrorCode.COMMENT_WORK_HIDDEN);
  return work;
}

/**
 * Comments on works: threads of one top comment and its replies, newest or most liked, likes,
 * deletes that keep a placeholder while replies remain. Counters (the work's comments, a
 * thread's replies, a comment's likes) change in the transaction that changes the rows.
 */
export function commentsService(deps: CommentsDeps) {
  const { db } = deps;
  const comments = commentsRepository(db);

  async function limit(key: string, perMinute: number, code: typeof ErrorCode.COMMENT_RATE_LIMITED | typeof ErrorCode.COMMENT_LIKE_RATE_LIMITED) {
    const { allowed } = await deps.limiter.hit(key, perMinute, MINUTE);
    if (!allowed) throw new AppError(code, 429);
  }

  /** The comment, when the viewer may see its work; a placeholder is no target. */
  async function liveComment(viewerId: string | null, id: string): Promise<CommentRecord> {
    const comment = authorizeCommentTarget(await comments.byId(id));
    await deps.works.seeable(viewerId, comment.workId);
    return comment;
  }

  /** The author of the work, when `userId` may see it; null otherwise (then only one's own comments may be deleted). */
  async function workAuthorFor(userId: string, workId: string): Promise<string | null> {
    try {
      return (await deps.works.seeable(userId, workId)).authorId;
    } catch (err) {
      if (err instanceof AppError) return null;
      throw err;
    }
  }

  /** Sent after the commit; a notice that fails to send does not take the comment back. */
  async function notify(input: InteractNoticeInput) {
    try {
      await deps.notices.sendInteract(input);
    } catch (err) {
      deps.log.warn({ err }, 'comment notice not sent');
    }
  }

  return {
    async create(userId: string, input: { workId: string; text: string; replyToId?: string }): Promise<Shown> {
      const work = authorizeCommentOn(await deps.works.seeable(userId, input.workId));
      const user = await deps.users.byId(userId);
      if (!user) throw new AppError(ErrorCode.USER_NOT_FOUND);
      assertNotMuted(user);
      await assertNoBlock(db, userId, work.authorId);
      const target = input.replyToId ? authorizeCommentTarget(await comments.byId(input.replyToId)) : null;
      if (target && target.workId !== work.id) throw new AppError(ErrorCode.COMMENT_NOT_FOUND);
      if (target) await assertNoBlock(db, userId, target.authorId);
      // counted once the comment is otherwise good, so a refused one costs nothing
      await limit(`comments:${userId}`, deps.commentsPerMinute, ErrorCode.COMMENT_RATE_LIMITED);

      const created = await withTx(db, undefined, async (tx) => {
        const repo = commentsRepository(tx);
        const rootId = target ? (target.rootId ?? target.id) : null;
        if (target && rootId) {
          // the thread's top comment first, then the reply: deletes lock in the same order
          const root = await repo.lock(rootId);
          const answered = rootId === target.id ? root : await repo.lock(target.id);
          if (!root) throw new AppError(ErrorCode.COMMENT_NOT_FOUND);
          authorizeCommentTarget(answered);
        }
        const row = await repo.insert({
          workId: work.id,
          authorId: userId,
          rootId,
          replyToId: target?.id ?? null,
          replyToUserId: target?.authorId ?? null,
          text: input.text,
        });
        if (rootId) await repo.adjustReplyCount(rootId, 1);
        await deps.works.adjustCommentCount(tx, work.id, 1);
        return row;
      });

      const recipientId = target ? target.authorId : work.authorId;
      if (recipientId !== userId) {
        await notify({ recipientId, actorId: userId, targetType: 'work', targetId: work.id, template: commentNotice(target ? 'reply' : 'comment', user.userName, work.name, input.text) });
      }
      const row = await comments.shownById(userId, created.id);
      if (!row) throw new AppError(ErrorCode.COMMENT_NOT_FOUND);
      return { row, workAuthorId: work.authorId };
    },

    /** Top comments with their first replies and where "show more replies" goes on; `total` is the work's counter. */
    async list(viewerId: string | null, input: { workId: string; order: CommentOrderValue; cursor?: string; limit: number }) {
      // the work's rules and the page are asked at once; a work the viewer may not see answers its error, the page unused
      const [work, rows] = await Promise.all([
        deps.works.seeable(viewerId, input.workId),
        comments.threadPage(viewerId, input.workId, { order: input.order, cursor: decodeCursor(input.cursor), limit: input.limit }, COMMENT_LIMITS.previewReplies),
      ]);
      const tops = rows.filter((r) => r.rootId === null);
      const replies = rows.filter((r) => r.rootId !== null).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
      const page = toPage(tops, input.limit, (r) => ({ at: r.createdAt, id: r.id, rank: input.order === 'liked' ? r.likeCount : undefined }));
      const threads = page.items.map((row) => {
        const mine = replies.filter((r) => r.rootId === row.id);
        const shown = toPage(mine, COMMENT_LIMITS.previewReplies, (r) => ({ at: r.createdAt, id: r.id }));
        return { row, replies: shown.items, moreReplies: shown.nextCursor };
      });
      return { threads, nextCursor: page.nextCursor, total: work.commentCount, workAuthorId: work.authorId };
    },

    /** Replies of a top comment, oldest first. */
    async replies(viewerId: string | null, input: { rootId: string; cursor?: string; limit: number }) {
      const root = await comments.byId(input.rootId);
      if (!root || root.rootId !== null) throw new AppError(ErrorCode.COMMENT_NOT_FOUND);
      const work = await deps.works.seeable(viewerId, root.workId);
      const rows = await comments.replies(viewerId, root.id, decodeCursor(input.cursor), input.limit);
      const page = toPage(rows, input.limit, (r) => ({ at: r.createdAt, id: r.id }));
      return { rows: page.items, nextCursor: page.nextCursor, workAuthorId: work.authorId };
    },

    /**
     * Deletes a comment. A top comment with replies becomes a placeholder (its text is never
     * answered again) so the thread stays readable; anything else is removed, and a placeholder
     * whose last reply goes is removed with it. The work's counter loses the one comment.
     */
    async remove(userId: string, id: string): Promise<{ placeholder: boolean }> {
      const found = await comments.byId(id);
      // one's own words can always be taken back, even from a work one no longer sees
      const workAuthorId = found && found.authorId !== userId ? await workAuthorFor(userId, found.workId) : null;
      const { workId, rootId } = authorizeCommentDelete(userId, found, workAuthorId);

      return withTx(db, undefined, async (tx) => {
        const repo = commentsRepository(tx);
        // the thread's top comment first, then the reply, as replies lock them
        const root = rootId ? await repo.lock(rootId) : null;
        // a concurrent delete that got here first leaves the same answer as a second click
        const comment = authorizeCommentDelete(userId, await repo.lock(id), workAuthorId);
        await deps.works.adjustCommentCount(tx, workId, -1);
        if (comment.rootId === null && comment.replyCount > 0) {
          await repo.markDeleted(id);
          return { placeholder: true };
        }
        await repo.remove(id);
        if (root) {
          await repo.adjustReplyCount(root.id, -1);
          // nothing left to keep readable: the placeholder goes with its last reply
          if (root.deletedAt && root.replyCount <= 1) await repo.remove(root.id);
        }
        return { placeholder: false };
      });
    },

    async like(userId: string, id: string) {
      const comment = await liveComment(userId, id);
      await assertNoBlock(db, userId, comment.authorId);
      await limit(`comment-likes:${userId}`, deps.likesPerMinute, ErrorCode.COMMENT_LIKE_RATE_LIMITED);
      return withTx(db, undefined, async (tx) => {
        const repo = commentsRepository(tx);
        authorizeCommentTarget(await repo.lock(id));
        const likeCount = await repo.adjustLikeCount(id, (await repo.addLike(id, userId)) ? 1 : 0);
        return { liked: true, likeCount };
      });
    },

    /** Taking a like back needs no block check: it only undoes. */
    async unlike(userId: string, id: string) {
      await liveComment(userId, id);
      await limit(`comment-likes:${userId}`, deps.likesPerMinute, ErrorCode.COMMENT_LIKE_RATE_LIMITED);
      return withTx(db, undefined, async (tx) => {
        const repo = commentsRepository(tx);
        authorizeCommentTarget(await repo.lock(id));
        const likeCount = await repo.adjustLikeCount(id, (await repo.removeLike(id, userId)) ? -1 : 0);
        return { liked: false, likeCount };
      });
    },
  };
}

export type CommentsService = ReturnType<typeof commentsService>;
