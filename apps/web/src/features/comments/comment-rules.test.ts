import { describe, expect, it } from 'vitest';
import { composerState, hiddenReplies, mentionOf, uniqueItems, type CommentItem, type ThreadItem } from './comment-rules';

const comment = (over: Partial<CommentItem> = {}): CommentItem => ({
  id: 'c1',
  workId: 'w',
  rootId: null,
  replyToId: null,
  replyTo: null,
  text: 'Hi',
  deleted: false,
  author: { userId: 'u1', userName: 'Ana', avatar: null },
  isWorkAuthor: false,
  likeCount: 0,
  liked: false,
  replyCount: 0,
  canDelete: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('composer', () => {
  it('counts characters as the server does and allows 1 to 1000', () => {
    expect(composerState('   ')).toMatchObject({ count: 0, canSend: false, tooLong: false });
    expect(composerState('\u0007 ')).toMatchObject({ count: 0, canSend: false });
    expect(composerState(' 🌟 hi ')).toMatchObject({ count: 4, canSend: true });
    expect(composerState('a'.repeat(1000))).toMatchObject({ count: 1000, canSend: true, max: 1000 });
    expect(composerState('a'.repeat(1001))).toMatchObject({ canSend: false, tooLong: true });
  });
});

describe('threads', () => {
  it('names whom a reply answers only when it answers another reply', () => {
    expect(mentionOf(comment())).toBeNull();
    const toTop = comment({ rootId: 'top', replyToId: 'top', replyTo: { userId: 'u2', userName: 'Bo' } });
    expect(mentionOf(toTop)).toBeNull();
    expect(mentionOf({ ...toTop, replyToId: 'r1' })).toBe('Bo');
    expect(mentionOf({ ...toTop, replyToId: null })).toBe('Bo');
  });

  it('counts the replies not shown yet', () => {
    const thread: ThreadItem = { ...comment({ replyCount: 7 }), replies: [comment(), comment(), comment()], moreReplies: 'x' };
    expect(hiddenReplies(thread)).toBe(4);
    expect(hiddenReplies({ ...thread, replyCount: 2 })).toBe(0);
  });

  it('keeps each comment once across pages', () => {
    expect(uniqueItems([{ items: [{ id: 'a' }, { id: 'b' }] }, { items: [{ id: 'b' }, { id: 'c' }] }]).map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(uniqueItems(undefined)).toEqual([]);
  });
});
