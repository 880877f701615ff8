import type { Comment } from '@starlit/contract';
import type { z } from 'zod';
import { mayDeleteComment } from './comments.policy.ts';
import type { CommentRow } from './comments.repository.ts';

/**
 * A comment as `viewerId` sees it. A placeholder (a deleted top comment kept for its replies)
 * answers neither its text nor its author: deleting means they are gone from every answer.
 */
export function presentComment(row: CommentRow, viewerId: string | null, workAuthorId: string): z.input<typeof Comment> {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    workId: row.workId,
    rootId: row.rootId,
    replyToId: row.replyToId,
    replyTo: row.replyToUserId && row.replyToUserName ? { userId: row.replyToUserId, userName: row.replyToUserName } : null,
    text: deleted ? '' : row.text,
    deleted,
    author: deleted ? null : { userId: row.authorId, userName: row.authorName, avatar: row.authorAvatar },
    isWorkAuthor: !deleted && row.authorId === workAuthorId,
    likeCount: row.likeCount,
    liked: row.liked,
    replyCount: row.replyCount,
    canDelete: mayDeleteComment(viewerId, row, workAuthorId),
    createdAt: row.createdAt.toISOString(),
  };
}
