import { z } from 'zod';
import { defineCall, EmptyInput } from '../call.ts';

/** Roles of SPEC §6 plus the admin role of the foundation issue. */
export const Role = z.enum(['user', 'admin']);

/** The signed-in user as the client keeps it (SPEC §3 Session). */
export const UserInfo = z.object({
  userId: z.string(),
  userName: z.string(),
  avatar: z.string().nullable(),
  role: Role,
});

/** What a code exchange gives the client (SPEC §4 Authentication). */
export const Session = z.object({
  token: z.string(),
  passportToken: z.string(),
  userId: z.string(),
  userName: z.string(),
  userInfo: UserInfo,
  expiresAt: z.string(),
  returnTo: z.string().nullable(),
});

export const authCalls = {
  codeToToken: defineCall({
    path: '/ai/api/v1/auth/code_to_token',
    summary: 'Exchange a sign-in code from the sign-in provider for a session',
    tag: 'auth',
    access: 'public',
    input: z.object({
      code: z.string().min(1).max(512),
      state: z.string().max(512).optional(),
    }),
    output: Session,
  }),
  me: defineCall({
    path: '/ai/api/v1/auth/me',
    summary: 'The signed-in user',
    tag: 'auth',
    access: 'user',
    input: EmptyInput,
    output: UserInfo,
  }),
  logout: defineCall({
    path: '/ai/api/v1/auth/logout',
    summary: 'Revoke the current session',
    tag: 'auth',
    access: 'user',
    input: EmptyInput,
    output: z.object({ revoked: z.number().int() }),
  }),
  logoutAll: defineCall({
    path: '/ai/api/v1/auth/logout_all',
    summary: 'Revoke every session of the signed-in user (sign out everywhere)',
    tag: 'auth',
    access: 'user',
    input: EmptyInput,
    output: z.object({ revoked: z.number().int() }),
  }),
};
