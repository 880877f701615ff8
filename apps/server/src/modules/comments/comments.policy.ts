import { ErrorCode } from '@starlit/contract';
import { AppError } from '../../platform/errors.ts';

/** The fields of a comment the rules look at. */
export interface CommentAccess {
  authorId: string;
  deletedAt: Date | null;
}

/**
 * Whether `userId` may delete the comment: its commenter, or the author of the work it is on
 * (`workAuthorId`, null when the caller may not see the work).
 */
export function mayDeleteComment(userId: string | null, comment: CommentAccess, workAuthorId: string | null): boolean {
  return userId !== null && comment.deletedAt === null && (comment.authorId === userId || workAuthorId === userId);
}

/**
 * Deleting: the commenter or the work's author. Every other answer, a missing or already
 * deleted comment included, is SPEC §8's "Comment delete failed" (docs/comments.md).
 */
export function authorizeCommentDelete<T extends CommentAccess>(userId: string, comment: T | null, workAuthorId: string | null): T {
  if (!comment || !mayDeleteComment(userId, comment, workAuthorId)) throw new AppError(ErrorCode.COMMENT_DELETE_FAILED);
  return comment;
}

/** A comment one may reply to or like: one that exists and is not a deleted placeholder. */
export function authorizeCommentTarget<T extends CommentAccess>(comment: T | null): T {
  if (!comment || comment.deletedAt) throw new AppError(ErrorCode.COMMENT_NOT_FOUND);
  return comment;
}
