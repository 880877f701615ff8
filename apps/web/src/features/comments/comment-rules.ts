import { COMMENT_LIMITS, type Comment, type CommentThread } from '@starlit/contract';
import { characterCount, withoutControlCharacters } from '@starlit/contract/rules';
import type { z } from 'zod';

export type CommentItem = z.output<typeof Comment>;
export type ThreadItem = z.output<typeof CommentThread>;

/** What the composer shows and allows: the counted characters (as the server counts them) and whether it can send. */
export function composerState(text: string): { count: number; max: number; canSend: boolean; tooLong: boolean } {
  const count = characterCount(withoutControlCharacters(text).trim());
  const tooLong = count > COMMENT_LIMITS.text;
  return { count, max: COMMENT_LIMITS.text, canSend: count > 0 && !tooLong, tooLong };
}

/**
 * Whom a reply names ("reply to @name"): only a reply that answers another reply, as Bilibili
 * and YouTube show them. A reply to the top comment sits under it and needs no name; a reply
 * whose answered reply was deleted still names its author.
 */
export function mentionOf(comment: CommentItem): string | null {
  if (!comment.rootId || !comment.replyTo) return null;
  return comment.replyToId === comment.rootId ? null : comment.replyTo.userName;
}

/** How many replies of a thread are not shown under it yet ("show N more replies"). */
export function hiddenReplies(thread: ThreadItem): number {
  return Math.max(0, thread.replyCount - thread.replies.length);
}

/** The items of loaded pages, each id once: a comment made between two loads moves the rest down by one. */
export function uniqueItems<T extends { id: string }>(pages: readonly { items: readonly T[] }[] | undefined): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}
