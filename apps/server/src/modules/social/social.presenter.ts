import type { BlockedPerson, FollowPerson } from '@starlit/contract';
import type { z } from 'zod';
import type { FollowPersonRow, PersonRow } from './social.repository.ts';

export function presentFollowPerson(row: FollowPersonRow): z.input<typeof FollowPerson> {
  return { userId: row.userId, userName: row.userName, avatar: row.avatar, followedByMe: row.followedByMe, followedAt: row.at.toISOString() };
}

export function presentBlockedPerson(row: PersonRow): z.input<typeof BlockedPerson> {
  return { userId: row.userId, userName: row.userName, avatar: row.avatar, blockedAt: row.at.toISOString() };
}
