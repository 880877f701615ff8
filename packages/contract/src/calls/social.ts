import { z } from 'zod';
import { defineCall, PageInput, pageOf } from '../call.ts';

/** Follows and blocks a person may make in a minute (docs/social.md). */
export const SOCIAL_LIMITS = { followsPerMinute: 30, blocksPerMinute: 30 } as const;

const UserId = z.object({ userId: z.string().uuid() });
const AgentId = z.object({ agentId: z.string().uuid() });

/** A person in a followers or followings list, and whether the caller follows them. */
export const FollowPerson = z.object({
  userId: z.string(),
  userName: z.string(),
  avatar: z.string().nullable(),
  /** The caller follows this person (false for a visitor). */
  followedByMe: z.boolean(),
  followedAt: z.string(),
});

/** A person the caller blocked. */
export const BlockedPerson = z.object({ userId: z.string(), userName: z.string(), avatar: z.string().nullable(), blockedAt: z.string() });

/**
 * The caller and a person, for the profile header. A block either way hides the person's
 * counts (zeros) and lists; `blocked` says only whether the caller blocked them, never
 * whether they blocked the caller.
 */
export const UserRelation = z.object({
  userId: z.string(),
  following: z.boolean(),
  followedBy: z.boolean(),
  blocked: z.boolean(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
});

/** The caller and an agent, for the agent page. */
export const AgentRelation = z.object({ agentId: z.string(), following: z.boolean(), followerCount: z.number().int() });

const tag = 'social';

export const socialCalls = {
  follow: defineCall({
    path: '/ai/api/v1/social/follow',
    summary: 'Follow a user; following twice changes nothing. Refused for yourself and across a block',
    tag,
    access: 'user',
    input: UserId,
    output: UserRelation,
  }),
  unfollow: defineCall({ path: '/ai/api/v1/social/unfollow', summary: 'Stop following a user', tag, access: 'user', input: UserId, output: UserRelation }),
  followAgent: defineCall({
    path: '/ai/api/v1/social/follow_agent',
    summary: 'Follow an agent you can see; not your own, and not one whose owner and you are blocked',
    tag,
    access: 'user',
    input: AgentId,
    output: AgentRelation,
  }),
  unfollowAgent: defineCall({
    path: '/ai/api/v1/social/unfollow_agent',
    summary: 'Stop following an agent',
    tag,
    access: 'user',
    input: AgentId,
    output: AgentRelation,
  }),
  followers: defineCall({
    path: '/ai/api/v1/social/followers',
    summary: 'Who follows a user, newest first; empty across a block',
    tag,
    access: 'public',
    input: UserId.extend(PageInput.shape),
    output: pageOf(FollowPerson),
  }),
  followings: defineCall({
    path: '/ai/api/v1/social/followings',
    summary: 'Whom a user follows, newest first; empty across a block',
    tag,
    access: 'public',
    input: UserId.extend(PageInput.shape),
    output: pageOf(FollowPerson),
  }),
  relation: defineCall({
    path: '/ai/api/v1/social/relation',
    summary: 'The caller and a user: following, followed by, blocked, and the counts',
    tag,
    access: 'public',
    input: UserId,
    output: UserRelation,
  }),
  agentRelation: defineCall({
    path: '/ai/api/v1/social/agent_relation',
    summary: 'The caller and an agent: following, and its follower count',
    tag,
    access: 'public',
    input: AgentId,
    output: AgentRelation,
  }),
  block: defineCall({
    path: '/ai/api/v1/social/block',
    summary: 'Block a user: hides both ways, stops interaction both ways, removes follows; they are not told',
    tag,
    access: 'user',
    input: UserId,
    output: UserRelation,
  }),
  unblock: defineCall({ path: '/ai/api/v1/social/unblock', summary: 'Unblock a user', tag, access: 'user', input: UserId, output: UserRelation }),
  blacklist: defineCall({
    path: '/ai/api/v1/social/blacklist',
    summary: 'The users you blocked, newest first',
    tag,
    access: 'user',
    input: PageInput,
    output: pageOf(BlockedPerson),
  }),
};
