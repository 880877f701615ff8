import { randomBytes } from 'node:crypto';
import { ErrorCode, PROFILE_LIMITS } from '@starlit/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { assertNoBlock } from '../../platform/policy.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { SessionCache } from '../../platform/session-cache.ts';
import type { Storage } from '../../platform/storage.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import { cleanImage } from '../works/work-media.ts';
import type { WorksService } from '../works/works.service.ts';
import type { UserPatch, UserRow, UsersRepository } from './users.repository.ts';

/** The storage folder of avatars: `avatars-users/<userId>/<random>.webp`. */
export const AVATARS_FOLDER = 'avatars-users/';

/** What a viewer may see of a profile, decided once for the profile and its lists. */
export interface ProfileView {
  user: UserRow;
  isMe: boolean;
  /** Others see no works or posts: the owner keeps them private. */
  worksHidden: boolean;
}

export interface ProfileInput {
  userName?: string;
  gender?: 'Man' | 'Woman' | 'Unknown';
  birthday?: string | null;
  hideWorks?: boolean;
  /** A picture as base64. */
  avatar?: string;
}

/**
 * Profiles (docs/users.md): what others see of a user, and the owner's changes to it. Works
 * and agents are read through their modules' services, which are set up after this one and
 * so are asked for when a call runs.
 */
export function usersService(deps: {
  db: Db;
  users: UsersRepository;
  storage: Storage;
  limiter: RateLimiter;
  sessions: Pick<SessionCache, 'forgetUser'>;
  works: () => WorksService;
  agents: () => AgentsService;
}) {
  const { users, storage } = deps;

  /**
   * The profile as the viewer may see it: not found for an unknown user, SOCIAL_BLOCKED when
   * either blocked the other (the blocked see nothing of the blocker, and the blocker nothing
   * of them until they unblock).
   */
  async function view(viewerId: string | null, userId: string): Promise<ProfileView> {
    const user = await users.byId(userId);
    if (!user) throw new AppError(ErrorCode.USER_NOT_FOUND);
    if (viewerId) await assertNoBlock(deps.db, viewerId, userId);
    const isMe = viewerId === userId;
    return { user, isMe, worksHidden: !isMe && user.hideWorks };
  }

  /** Checks the picture by content and stores it re-encoded; nothing is stored on refusal. */
  async function storeAvatar(userId: string, base64: string): Promise<string> {
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length > PROFILE_LIMITS.avatarBytes) throw new AppError(ErrorCode.USER_AVATAR_TOO_LARGE);
    // counted before decoding: the decoding is the cost being limited
    const { allowed } = await deps.limiter.hit(`users:avatar:${userId}`, PROFILE_LIMITS.avatarChangesPerHour, 3_600_000);
    if (!allowed) throw new AppError(ErrorCode.RATE_LIMITED, 429);
    const clean = await cleanImage(bytes, PROFILE_LIMITS.avatarSide);
    if (!clean) throw new AppError(ErrorCode.USER_AVATAR_BAD);
    return storage.put(`${AVATARS_FOLDER}${userId}/${randomBytes(12).toString('hex')}.${clean.ext}`, clean.body, clean.contentType);
  }

  /** Deletes an avatar this feature stored; seeded or external addresses stay. */
  async function dropAvatar(url: string | null) {
    const key = url ? storage.keyOf(url) : null;
    if (key?.startsWith(AVATARS_FOLDER)) await storage.delete(key);
  }

  return {
    view,

    async profile(viewerId: string | null, userId: string) {
      const seen = await view(viewerId, userId);
      const [works, agents] = await Promise.all([deps.works().publishedCounts(userId), deps.agents().publicCountOf(userId)]);
      return { ...seen, counts: seen.worksHidden ? { works: 0, posts: 0, agents } : { ...works, agents } };
    },

    /** Changes the owner's profile; a taken name or a refused picture changes nothing. */
    async update(userId: string, input: ProfileInput): Promise<UserRow> {
      const current = await users.byId(userId);
      if (!current) throw new AppError(ErrorCode.USER_NOT_FOUND);
      if (input.userName !== undefined) {
        const holder = await users.byName(input.userName);
        if (holder && holder.id !== userId) throw new AppError(ErrorCode.AUTH_USERNAME_TAKEN);
      }
      const { avatar: picture, ...fields } = input;
      const patch: UserPatch = { ...fields };
      if (picture !== undefined) patch.avatar = await storeAvatar(userId, picture);
      if (Object.keys(patch).length === 0) return current;
      const updated = await users.updateProfile(userId, patch);
      if (!updated) {
        // someone took the name between the check and the change
        if (patch.avatar) await dropAvatar(patch.avatar);
        throw new AppError(ErrorCode.AUTH_USERNAME_TAKEN);
      }
      if (patch.avatar && current.avatar !== patch.avatar) await dropAvatar(current.avatar);
      // a signed-in caller carries its name; the next call must see the new one
      if (patch.userName !== undefined) deps.sessions.forgetUser(userId);
      return updated;
    },

    /** A profile's works or posts; none when the owner keeps them from others. */
    async works(viewerId: string | null, userId: string, section: 'works' | 'posts', cursor: string | undefined, limit: number) {
      const seen = await view(viewerId, userId);
      if (seen.worksHidden) return { items: [], nextCursor: null };
      return deps.works().publishedBy(userId, viewerId, section, cursor, limit);
    },

    /** A profile's public published agents (the chat tab). */
    async agents(viewerId: string | null, userId: string, cursor: string | undefined, limit: number) {
      await view(viewerId, userId);
      return deps.agents().publicByOwner(userId, cursor, limit);
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
