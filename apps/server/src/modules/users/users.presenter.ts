import type { UserMatch } from '@starlit/contract';
import type { z } from 'zod';
import type { UserRow } from './users.repository.ts';

/** A user as an admin's search lists them. */
export const presentUserMatch = (user: UserRow): z.output<typeof UserMatch> => ({ userId: user.id, userName: user.userName, avatar: user.avatar });
