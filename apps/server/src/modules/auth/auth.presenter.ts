import type { z } from 'zod';
import type { Session, UserInfo } from '@starlit/contract';
import type { UserRow } from '../users/users.repository.ts';
import type { IssuedSession } from './auth.service.ts';

export function presentUserInfo(user: UserRow): z.input<typeof UserInfo> {
  return { userId: user.id, userName: user.userName, avatar: user.avatar, role: user.role };
}

export function presentSession(s: IssuedSession): z.input<typeof Session> {
  return {
    token: s.token,
    passportToken: s.passportToken,
    userId: s.user.id,
    userName: s.user.userName,
    userInfo: presentUserInfo(s.user),
    expiresAt: s.expiresAt.toISOString(),
    returnTo: s.returnTo,
  };
}
