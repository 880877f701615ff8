import type { Profile, UserMatch } from '@starlit/contract';
import type { z } from 'zod';
import type { UserRow } from './users.repository.ts';
import type { ProfileView } from './users.service.ts';

/** A user as an admin's search lists them. */
export const presentUserMatch = (user: UserRow): z.output<typeof UserMatch> => ({ userId: user.id, userName: user.userName, avatar: user.avatar });

/** A profile as the viewer may see it: birthday and the privacy setting are the owner's only. */
export function presentProfile(view: ProfileView & { counts: z.input<typeof Profile>['counts'] }): z.input<typeof Profile> {
  const { user, isMe } = view;
  return {
    userId: user.id,
    userName: user.userName,
    avatar: user.avatar,
    gender: user.gender,
    isOfficial: user.isOfficial,
    createdAt: user.createdAt.toISOString(),
    isMe,
    birthday: isMe ? user.birthday : null,
    hideWorks: isMe ? user.hideWorks : false,
    worksHidden: view.worksHidden,
    counts: view.counts,
  };
}
