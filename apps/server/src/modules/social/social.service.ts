import { ErrorCode, SOCIAL_LIMITS } from '@starlit/contract';
import type { SQL } from 'drizzle-orm';
import { withTx, type Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { decodeCursor, toPage } from '../../platform/pagination.ts';
import { assertNoBlock, blockedBetween } from '../../platform/policy.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import type { NoticesService } from '../notices/notices.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { followNotice } from './follow-notice.ts';
import { followingFeedSql, socialRepository, type CountsRow } from './social.repository.ts';

const MINUTE = 60_000;
const byTime = (row: { at: Date; userId: string }) => ({ at: row.at, id: row.userId });

export interface UserRelation {
  userId: string;
  following: boolean;
  followedBy: boolean;
  blocked: boolean;
  followerCount: number;
  followingCount: number;
}

export interface AgentRelation {
  agentId: string;
  following: boolean;
  followerCount: number;
}

/**
 * Follows and blocks (docs/social.md). Follow counts move in the transaction that adds or
 * removes the follow row, and only when a row really was added or removed, so repeated and
 * concurrent calls never make them drift. A block removes follows both ways in the same
 * transaction and tells the blocked person nothing.
 */
export function socialService(deps: {
  db: Db;
  users: Pick<UsersRepository, 'byId'>;
  agents: Pick<AgentsService, 'visible' | 'idsOwnedBySql'>;
  notices: Pick<NoticesService, 'sendInteractOnce'>;
  limiter: RateLimiter;
}) {
  const social = socialRepository(deps.db);

  async function requireUser(userId: string) {
    const user = await deps.users.byId(userId);
    if (!user) throw new AppError(ErrorCode.USER_NOT_FOUND);
    return user;
  }

  /** Counted only once a request is otherwise good, so a refused call costs nothing. */
  async function spend(kind: 'follow' | 'block', userId: string) {
    const perMinute = kind === 'follow' ? SOCIAL_LIMITS.followsPerMinute : SOCIAL_LIMITS.blocksPerMinute;
    const { allowed } = await deps.limiter.hit(`social:${kind}:${userId}`, perMinute, MINUTE);
    if (!allowed) throw new AppError(ErrorCode.SOCIAL_RATE_LIMITED, 429);
  }

  /** Someone else, who exists: the target of a follow or a block. */
  async function other(actorId: string, userId: string) {
    if (actorId === userId) throw new AppError(ErrorCode.SOCIAL_SELF);
    return requireUser(userId);
  }

  async function relation(viewerId: string | null, userId: string): Promise<UserRelation> {
    await requireUser(userId);
    const none = { userId, following: false, followedBy: false, blocked: false, followerCount: 0, followingCount: 0 };
    if (viewerId && viewerId !== userId && (await blockedBetween(deps.db, viewerId, userId))) {
      // a block hides both ways: the person's counts too; only the blocker learns it is theirs
      return { ...none, blocked: await social.hasBlocked(viewerId, userId) };
    }
    const counts = (await social.counts([userId])).get(userId) as CountsRow;
    const mutual = viewerId && viewerId !== userId;
    return {
      ...none,
      following: mutual ? await social.isFollowing(viewerId, userId) : false,
      followedBy: mutual ? await social.isFollowing(userId, viewerId) : false,
      followerCount: counts.followers,
      followingCount: counts.following,
    };
  }

  async function agentRelation(viewerId: string | null, agentId: string): Promise<AgentRelation> {
    const counts = (await social.counts([agentId])).get(agentId) as CountsRow;
    return { agentId, following: viewerId ? await social.isFollowingAgent(viewerId, agentId) : false, followerCount: counts.followers };
  }

  /** A list of someone's follows, empty to a viewer across a block with them (it hides both ways). */
  async function peopleOf(list: 'followers' | 'followings', viewerId: string | null, userId: string, cursor: string | undefined, limit: number) {
    await requireUser(userId);
    const position = decodeCursor(cursor);
    if (viewerId && (await blockedBetween(deps.db, viewerId, userId))) return { items: [], nextCursor: null };
    return toPage(await social[list](viewerId, userId, position, limit), limit, byTime);
  }

  return {
    relation,
    agentRelation: async (viewerId: string | null, agentId: string) => {
      await deps.agents.visible(viewerId, agentId);
      return agentRelation(viewerId, agentId);
    },

    /** Follows a user; a new follow tells them (once while unread). */
    async follow(actor: { id: string; userName: string }, userId: string): Promise<UserRelation> {
      await other(actor.id, userId);
      await assertNoBlock(deps.db, actor.id, userId);
      await spend('follow', actor.id);
      // checked again under the lock, so a block that lands meanwhile still wins
      const added = await withTx(deps.db, undefined, async (tx) => {
        const repo = socialRepository(tx);
        await repo.lockPeople([actor.id, userId], 'key share');
        await assertNoBlock(tx, actor.id, userId);
        return repo.follow(actor.id, userId);
      });
      if (added) await followNotice(deps.notices, actor, userId);
      return relation(actor.id, userId);
    },

    async unfollow(actorId: string, userId: string): Promise<UserRelation> {
      await other(actorId, userId);
      await spend('follow', actorId);
      await withTx(deps.db, undefined, (tx) => socialRepository(tx).unfollow(actorId, userId));
      return relation(actorId, userId);
    },

    /** Follows an agent the actor can see; not their own, and not across a block with its owner. */
    async followAgent(actorId: string, agentId: string): Promise<AgentRelation> {
      const agent = await deps.agents.visible(actorId, agentId);
      if (agent.ownerId === actorId) throw new AppError(ErrorCode.SOCIAL_SELF);
      await assertNoBlock(deps.db, actorId, agent.ownerId);
      await spend('follow', actorId);
      await withTx(deps.db, undefined, async (tx) => {
        const repo = socialRepository(tx);
        await repo.lockPeople([actorId, agent.ownerId], 'key share');
        await assertNoBlock(tx, actorId, agent.ownerId);
        return repo.followAgent(actorId, agentId);
      });
      return agentRelation(actorId, agentId);
    },

    /** Always allowed, even when the agent has since been hidden: a follow must be undoable. */
    async unfollowAgent(actorId: string, agentId: string): Promise<AgentRelation> {
      await spend('follow', actorId);
      await withTx(deps.db, undefined, (tx) => socialRepository(tx).unfollowAgent(actorId, agentId));
      return agentRelation(actorId, agentId);
    },

    followers: (viewerId: string | null, userId: string, cursor: string | undefined, limit: number) => peopleOf('followers', viewerId, userId, cursor, limit),
    followings: (viewerId: string | null, userId: string, cursor: string | undefined, limit: number) => peopleOf('followings', viewerId, userId, cursor, limit),

    /** Blocks a user and removes follows both ways; no notice of any kind reaches them. */
    async block(actorId: string, userId: string): Promise<UserRelation> {
      await other(actorId, userId);
      await spend('block', actorId);
      await withTx(deps.db, undefined, async (tx) => {
        const repo = socialRepository(tx);
        await repo.lockPeople([actorId, userId], 'update');
        return repo.block(actorId, userId, deps.agents.idsOwnedBySql);
      });
      return relation(actorId, userId);
    },

    async unblock(actorId: string, userId: string): Promise<UserRelation> {
      await other(actorId, userId);
      await spend('block', actorId);
      await withTx(deps.db, undefined, (tx) => socialRepository(tx).unblock(actorId, userId));
      return relation(actorId, userId);
    },

    async blacklist(actorId: string, cursor: string | undefined, limit: number) {
      return toPage(await social.blacklist(actorId, decodeCursor(cursor), limit), limit, byTime);
    },

    // for other features

    /** The viewer's My Following rows, as a subquery of (id, at) the works feature pages through. */
    followingFeedSql: (viewerId: string): SQL => followingFeedSql(viewerId),
    /** Follower and following counts of users or agents by id; zeros for those never followed. */
    counts: (subjectIds: string[]): Promise<Map<string, CountsRow>> => social.counts(subjectIds),
    /** Whether `viewerId` follows user `userId` (false for a visitor). */
    isFollowing: async (viewerId: string | null, userId: string): Promise<boolean> => (viewerId ? social.isFollowing(viewerId, userId) : false),
  };
}

export type SocialService = ReturnType<typeof socialService>;
