import { z } from 'zod';
import { defineCall, PageInput, pageOf } from '../call.ts';
import { UserName } from '../rules/account.ts';
import { AgentCard } from './agents.ts';
import { UserInfo } from './auth.ts';
import { Work } from './works.ts';

/** A user as an admin picks them (the one-user notice form). */
export const UserMatch = z.object({ userId: z.string(), userName: z.string(), avatar: z.string().nullable() });

/** Users a search answers at most. */
export const USER_SEARCH_MAX = 10;

/** Limits of the profile (docs/users.md says why). */
export const PROFILE_LIMITS = {
  /** Largest avatar upload; it is scaled to at most `avatarSide` pixels and stored as WebP. */
  avatarBytes: 5 * 1024 * 1024,
  avatarSide: 512,
  /** Avatar changes per user per hour: each one decodes and re-encodes a picture. */
  avatarChangesPerHour: 20,
  /** The earliest birthday accepted. */
  earliestBirthday: '1900-01-01',
} as const;

/** The genders of SPEC §3. */
export const UserGender = z.enum(['Man', 'Woman', 'Unknown']);

const GENDER_OF = { man: 'Man', woman: 'Woman', unknown: 'Unknown' } as const;

/** A gender as SPEC §3 writes it (Man, Woman, Unknown) or in lower case, answered capitalised. */
export const GenderInput = z.enum(['Man', 'Woman', 'Unknown', 'man', 'woman', 'unknown']).transform((g) => GENDER_OF[g.toLowerCase() as keyof typeof GENDER_OF]);

/**
 * The last calendar day that has begun somewhere on Earth (UTC+14): a birthday of "today" is
 * accepted wherever its owner lives.
 */
export function latestToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

function isCalendarDay(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** A birthday: a real YYYY-MM-DD day from 1900-01-01 to today. */
export const Birthday = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'user.birthdayInvalid' })
  .refine((v) => isCalendarDay(v) && v >= PROFILE_LIMITS.earliestBirthday && v <= latestToday(), { message: 'user.birthdayInvalid' });

/**
 * A user's profile as the viewer sees it. `birthday` and `hideWorks` are the owner's own;
 * others get null and false. `worksHidden` tells others the owner keeps works private (the
 * counts of works and posts are then 0).
 */
export const Profile = z.object({
  userId: z.string(),
  userName: z.string(),
  avatar: z.string().nullable(),
  gender: UserGender,
  isOfficial: z.boolean(),
  createdAt: z.string(),
  isMe: z.boolean(),
  birthday: z.string().nullable(),
  hideWorks: z.boolean(),
  worksHidden: z.boolean(),
  counts: z.object({ works: z.number().int(), posts: z.number().int(), agents: z.number().int() }),
});

const UserId = z.object({ userId: z.string().uuid() });

/** The profile's two lists of works: posts (the activities tab) and every other kind. */
export const ProfileWorksSection = z.enum(['works', 'posts']);

export const userCalls = {
  search: defineCall({
    path: '/ai/api/v1/user/search',
    summary: 'Admins: users whose name contains the text (case-insensitive), names starting with it first',
    tag: 'users',
    access: 'admin',
    input: z.object({ query: z.string().trim().min(1).max(40) }),
    output: z.object({ items: z.array(UserMatch) }),
  }),
  profile: defineCall({
    path: '/ai/api/v1/user/profile',
    summary: "A user's profile; birthday and privacy only to its owner; refused (4301) when either blocked the other",
    tag: 'users',
    access: 'public',
    input: UserId,
    output: Profile,
  }),
  updateProfile: defineCall({
    path: '/ai/api/v1/user/update_profile',
    summary: 'Change your name, gender, birthday (null clears it), avatar (a picture as base64) or works privacy',
    tag: 'users',
    access: 'user',
    input: z.object({
      userName: UserName.optional(),
      gender: GenderInput.optional(),
      birthday: Birthday.nullable().optional(),
      hideWorks: z.boolean().optional(),
      avatar: z.string().min(1).optional(),
    }),
    output: z.object({ user: UserInfo, profile: Profile }),
  }),
  works: defineCall({
    path: '/ai/api/v1/user/works',
    summary: "A user's public published works (or posts), newest first; empty when they keep works private",
    tag: 'users',
    access: 'public',
    input: PageInput.extend(UserId.shape).extend({ section: ProfileWorksSection.default('works') }),
    output: pageOf(Work),
  }),
  agents: defineCall({
    path: '/ai/api/v1/user/agents',
    summary: "A user's public published agents, newest first",
    tag: 'users',
    access: 'public',
    input: PageInput.extend(UserId.shape),
    output: pageOf(AgentCard),
  }),
};
