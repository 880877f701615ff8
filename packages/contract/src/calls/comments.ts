import { z } from 'zod';
import { defineCall, pageOf } from '../call.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { characterCount } from '../rules/agent.ts';
import { Cursor } from '../rules/cursor.ts';
import { withoutControlCharacters } from '../rules/plain-text.ts';

/** Limits of comments (docs/comments.md says why these numbers). */
export const COMMENT_LIMITS = {
  /** Characters (Unicode code points) of one comment or reply, after trimming. */
  text: 1000,
  /** Replies shown under each top comment in the list; "show more" pages the rest. */
  previewReplies: 3,
} as const;

/**
 * A comment's text: control characters dropped, trimmed, required, at most 1000 characters.
 * It is plain text: HTML in it is shown as typed, never rendered.
 */
export const CommentText = z
  .string({ message: 'comment.textRequired' satisfies MessageKey })
  .transform(withoutControlCharacters)
  .pipe(
    z
      .string()
      .trim()
      .min(1, { message: 'comment.textRequired' satisfies MessageKey })
      .refine((v) => characterCount(v) <= COMMENT_LIMITS.text, { message: 'comment.textTooLong' satisfies MessageKey }),
  );

/** The orders of a work's comments: newest first, or most liked first (then newest). */
export const CommentOrder = z.enum(['newest', 'liked']);

/** One comment or reply as the caller sees it. A deleted top comment kept for its replies has no text and no author. */
export const Comment = z.object({
  id: z.string(),
  workId: z.string(),
  /** The top comment of the thread; null on a top comment. */
  rootId: z.string().nullable(),
  /** The comment this reply answers (the top comment or another reply); null on a top comment or when that reply was deleted. */
  replyToId: z.string().nullable(),
  /** Whom this reply answers ("reply to @name"); null on a top comment. */
  replyTo: z.object({ userId: z.string(), userName: z.string() }).nullable(),
  text: z.string(),
  /** A placeholder of a deleted top comment whose replies are still there. */
  deleted: z.boolean(),
  author: z.object({ userId: z.string(), userName: z.string(), avatar: z.string().nullable() }).nullable(),
  /** The commenter is the work's author (the author badge). */
  isWorkAuthor: z.boolean(),
  likeCount: z.number().int(),
  liked: z.boolean(),
  /** Replies in the thread (top comments only; 0 on replies). */
  replyCount: z.number().int(),
  /** The caller may delete it: its commenter or the work's author. */
  canDelete: z.boolean(),
  createdAt: z.string(),
});

/** A top comment with its first replies, oldest first, and where "show more replies" goes on. */
export const CommentThread = Comment.extend({
  replies: z.array(Comment),
  /** The cursor for `replies` after the ones shown; null when they are all shown. */
  moreReplies: z.string().nullable(),
});

const CommentId = z.object({ id: z.string().uuid() });
const Limit = z.number().int().min(1).max(50).default(20);

export const commentCalls = {
  create: defineCall({
    path: '/ai/api/v1/comment/create',
    summary: 'Comment on a work, or reply to a comment or a reply (text at most 1000 characters, plain text)',
    tag: 'comments',
    access: 'user',
    input: z.object({ workId: z.string().uuid(), text: CommentText, replyToId: z.string().uuid().optional() }),
    output: Comment,
  }),
  list: defineCall({
    path: '/ai/api/v1/comment/list',
    summary: 'Top comments of a work, newest or most liked first, each with its first 3 replies',
    tag: 'comments',
    access: 'public',
    input: z.object({ workId: z.string().uuid(), order: CommentOrder.default('newest'), cursor: Cursor.optional(), limit: Limit }),
    output: pageOf(CommentThread).extend({ total: z.number().int() }),
  }),
  replies: defineCall({
    path: '/ai/api/v1/comment/replies',
    summary: 'Replies of a top comment, oldest first ("show more replies")',
    tag: 'comments',
    access: 'public',
    input: z.object({ rootId: z.string().uuid(), cursor: Cursor.optional(), limit: Limit }),
    output: pageOf(Comment),
  }),
  delete: defineCall({
    path: '/ai/api/v1/comment/delete',
    summary: "Delete a comment: its commenter or the work's author; one with replies stays as a placeholder",
    tag: 'comments',
    access: 'user',
    input: CommentId,
    output: z.object({ deleted: z.literal(true), placeholder: z.boolean() }),
  }),
  like: defineCall({
    path: '/ai/api/v1/comment/like',
    summary: 'Like a comment (again is no change)',
    tag: 'comments',
    access: 'user',
    input: CommentId,
    output: z.object({ liked: z.boolean(), likeCount: z.number().int() }),
  }),
  unlike: defineCall({
    path: '/ai/api/v1/comment/unlike',
    summary: 'Take back a like of a comment (again is no change)',
    tag: 'comments',
    access: 'user',
    input: CommentId,
    output: z.object({ liked: z.boolean(), likeCount: z.number().int() }),
  }),
};
