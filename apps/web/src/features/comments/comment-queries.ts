import { calls } from '@starlit/contract';
import { useCallMutation, usePagedCall } from '../../api/calls';
import type { CommentItem } from './comment-rules';

const PAGE = 10;
const REPLIES_PAGE = 10;

/** What every comment write makes stale: the lists and threads, and the work (its comment count). */
const AFTER_WRITE = [calls.comments.list, calls.comments.replies, calls.works.get] as const;

/** Top comments of a work in one order, each with its first replies, a page at a time. */
export function useComments(workId: string, order: 'newest' | 'liked') {
  return usePagedCall(calls.comments.list, { workId, order, limit: PAGE });
}

/** All replies of a thread, oldest first, once the reader asked for more than the first ones. */
export function useReplies(rootId: string, enabled: boolean) {
  return usePagedCall(calls.comments.replies, { rootId, limit: REPLIES_PAGE }, { enabled });
}

export function usePostComment(onPosted: (comment: CommentItem) => void) {
  return useCallMutation(calls.comments.create, { onSuccess: onPosted, invalidates: AFTER_WRITE });
}

export function useDeleteComment(onDeleted: () => void) {
  return useCallMutation(calls.comments.delete, { onSuccess: onDeleted, invalidates: AFTER_WRITE });
}

/** Likes and unlikes a comment; the lists are read again so every copy shows the new count. */
export function useLikeComment() {
  const like = useCallMutation(calls.comments.like, { invalidates: [calls.comments.list, calls.comments.replies] });
  const unlike = useCallMutation(calls.comments.unlike, { invalidates: [calls.comments.list, calls.comments.replies] });
  return { toggle: (comment: CommentItem) => (comment.liked ? unlike : like).mutate({ id: comment.id }), pending: like.isPending || unlike.isPending };
}
