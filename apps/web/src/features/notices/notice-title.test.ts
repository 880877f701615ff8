import { describe, expect, it } from 'vitest';
import { noticeTitle } from './notice-title';
import type { InteractNotice, SystemNotice } from './notice-types';

const words = {
  liked: (name: string) => `${name} liked`,
  likedWithOthers: (name: string, n: number) => `${name} +${n} liked`,
  commented: (name: string) => `${name} commented`,
  replied: (name: string) => `${name} replied`,
  followed: (name: string) => `${name} followed`,
};
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

  it('writes comments, replies and follows from their actor, whatever language the stored title is in', () => {
    expect(noticeTitle({ ...like, kind: 'comment', title: '新留言' }, words)).toBe('Ana commented');
    expect(noticeTitle({ ...like, kind: 'reply', title: '新回覆' }, words)).toBe('Ana replied');
    expect(noticeTitle({ ...like, kind: 'follow', targetType: 'user', title: '新粉絲' }, words)).toBe('Ana followed');
  });

  it('keeps the stored title of other notices, and of one whose actor is gone', () => {
    expect(noticeTitle({ ...like, kind: 'gift', title: 'A gift' }, words)).toBe('A gift');
    expect(noticeTitle({ ...like, actor: null }, words)).toBe('Ana liked your work');
    const system: SystemNotice = { id: 's1', title: 'Maintenance', content: 'Soon', audience: 'everyone', read: false, createdAt: like.createdAt };
    expect(noticeTitle(system, words)).toBe('Maintenance');
  });
});
