import { describe, expect, it } from 'vitest';
import { noticeTitle } from './notice-title';
import type { InteractNotice, SystemNotice } from './notice-types';

const words = { liked: (name: string) => `${name} liked`, likedWithOthers: (name: string, n: number) => `${name} +${n} liked` };
const like: InteractNotice = {
  id: 'n1',
  kind: 'like',
  title: 'Ana liked your work',
  content: 'Moon',
  actor: { userId: 'u1', userName: 'Ana', avatar: null },
  targetType: 'work',
  targetId: 'w1',
  othersCount: 0,
  read: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('noticeTitle', () => {
  it('writes a like on a work from its actor, and the folded count when others liked too', () => {
    expect(noticeTitle(like, words)).toBe('Ana liked');
    expect(noticeTitle({ ...like, othersCount: 3 }, words)).toBe('Ana +3 liked');
  });

  it('keeps the stored title of every other notice, and of a like whose actor is gone', () => {
    expect(noticeTitle({ ...like, kind: 'follow', title: 'New follower' }, words)).toBe('New follower');
    expect(noticeTitle({ ...like, actor: null }, words)).toBe('Ana liked your work');
    const system: SystemNotice = { id: 's1', title: 'Maintenance', content: 'Soon', audience: 'everyone', read: false, createdAt: like.createdAt };
    expect(noticeTitle(system, words)).toBe('Maintenance');
  });
});
