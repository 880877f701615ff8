import { z } from 'zod';
import { defineCall } from '../call.ts';

/** A user as an admin picks them (the one-user notice form). */
export const UserMatch = z.object({ userId: z.string(), userName: z.string(), avatar: z.string().nullable() });

/** Users a search answers at most. */
export const USER_SEARCH_MAX = 10;

export const userCalls = {
  search: defineCall({
    path: '/ai/api/v1/user/search',
    summary: 'Admins: users whose name contains the text (case-insensitive), names starting with it first',
    tag: 'users',
    access: 'admin',
    input: z.object({ query: z.string().trim().min(1).max(40) }),
    output: z.object({ items: z.array(UserMatch) }),
  }),
};
