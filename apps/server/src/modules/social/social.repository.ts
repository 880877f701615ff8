import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Handle } from '../../db/client.ts';
import { agentFollows, followCounts, followingFeed, userBlocks, userFollows, users } from '../../db/schema/index.ts';
import { afterCursor, type Cursor } from '../../platform/pagination.ts';
import { notBlocked } from '../../platform/policy.ts';

export interface PersonRow {
  userId: string;
  userName: string;
  avatar: string | null;
  at: Date;
}
export type FollowPersonRow = PersonRow & { followedByMe: boolean };
export interface CountsRow {
  followers: number;
  following: number;
}

/** A change of counts: +1 or -1 on followers and following of one subject (user or agent). */
interface CountDelta {
  subjectId: string;
  followers: number;
  following: number;
}

/** The SQL over follows, blocks and follow counts. */
export function socialRepository(db: Handle) {
  /**
   * Applies count changes in one statement, rows locked in id order so two follows between
   * the same two people in opposite directions cannot deadlock.
   */
  async function adjust(deltas: CountDelta[]) {
    if (deltas.length === 0) return;
    const merged = new Map<string, CountDelta>();
    for (const d of deltas) {
      const m = merged.get(d.subjectId) ?? { subjectId: d.subjectId, followers: 0, following: 0 };
      merged.set(d.subjectId, { subjectId: d.subjectId, followers: m.followers + d.followers, following: m.following + d.following });
    }
    const values = [...merged.values()].sort((a, b) => (a.subjectId < b.subjectId ? -1 : 1));
    await db
      .insert(followCounts)
      .values(values)
      .onConflictDoUpdate({
        target: followCounts.subjectId,
        set: { followers: sql`${followCounts.followers} + excluded.followers`, following: sql`${followCounts.following} + excluded.following` },
      });
  }

  const followedBy = (viewerId: string | null, personColumn: SQL | typeof users.id): SQL<boolean> =>
    viewerId ? sql<boolean>`exists (select 1 from ${userFollows} f2 where f2.follower_id = ${viewerId} and f2.followee_id = ${personColumn})` : sql<boolean>`false`;

  return {
    /**
     * Locks two people's rows (in id order) until the transaction ends, so a follow and a
     * block between them cannot cross: a follow takes `key share` before it checks for a block
     * (as its insert would for the foreign key anyway), a block takes `update`, which waits for
     * follows under way and makes later ones wait and then see the block.
     */
    async lockPeople(ids: [string, string], mode: 'key share' | 'update'): Promise<void> {
      const strength = mode === 'update' ? sql`for update` : sql`for key share`;
      await db.execute(sql`select 1 from ${users} where ${users.id} in (${ids[0]}, ${ids[1]}) order by ${users.id} ${strength}`);
    },

    /** Adds the follow; true when it is new (and the counts moved). */
    async follow(followerId: string, followeeId: string): Promise<boolean> {
      const rows = await db.insert(userFollows).values({ followerId, followeeId }).onConflictDoNothing().returning({ at: userFollows.createdAt });
      if (rows.length === 0) return false;
      await adjust([
        { subjectId: followerId, followers: 0, following: 1 },
        { subjectId: followeeId, followers: 1, following: 0 },
      ]);
      return true;
    },

    /** Removes the follow; true when there was one (and the counts moved). */
    async unfollow(followerId: string, followeeId: string): Promise<boolean> {
      const rows = await db
        .delete(userFollows)
        .where(and(eq(userFollows.followerId, followerId), eq(userFollows.followeeId, followeeId)))
        .returning({ at: userFollows.createdAt });
      if (rows.length === 0) return false;
      await adjust([
        { subjectId: followerId, followers: 0, following: -1 },
        { subjectId: followeeId, followers: -1, following: 0 },
      ]);
      return true;
    },

    async followAgent(userId: string, agentId: string): Promise<boolean> {
      const rows = await db.insert(agentFollows).values({ userId, agentId }).onConflictDoNothing().returning({ at: agentFollows.createdAt });
      if (rows.length === 0) return false;
      await adjust([{ subjectId: agentId, followers: 1, following: 0 }]);
      return true;
    },

    async unfollowAgent(userId: string, agentId: string): Promise<boolean> {
      const rows = await db
        .delete(agentFollows)
        .where(and(eq(agentFollows.userId, userId), eq(agentFollows.agentId, agentId)))
        .returning({ at: agentFollows.createdAt });
      if (rows.length === 0) return false;
      await adjust([{ subjectId: agentId, followers: -1, following: 0 }]);
      return true;
    },

    /**
     * Adds the block and removes follows both ways with their counts, of the two people and of
     * each other's agents (`agentsOf`: the ids of a person's agents, the agents feature's
     * subquery); true when the block is new.
     */
    async block(blockerId: string, blockedId: string, agentsOf: (ownerId: string) => SQL): Promise<boolean> {
      const rows = await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing().returning({ at: userBlocks.createdAt });
      const removed = await db
        .delete(userFollows)
        .where(or(and(eq(userFollows.followerId, blockerId), eq(userFollows.followeeId, blockedId)), and(eq(userFollows.followerId, blockedId), eq(userFollows.followeeId, blockerId))))
        .returning({ followerId: userFollows.followerId, followeeId: userFollows.followeeId });
      await adjust(
        removed.flatMap((r) => [
          { subjectId: r.followerId, followers: 0, following: -1 },
          { subjectId: r.followeeId, followers: -1, following: 0 },
        ]),
      );
      const agentFollowsRemoved = await db
        .delete(agentFollows)
        .where(
          or(and(eq(agentFollows.userId, blockerId), inArray(agentFollows.agentId, agentsOf(blockedId))), and(eq(agentFollows.userId, blockedId), inArray(agentFollows.agentId, agentsOf(blockerId)))),
        )
        .returning({ agentId: agentFollows.agentId });
      await adjust(agentFollowsRemoved.map((r) => ({ subjectId: r.agentId, followers: -1, following: 0 })));
      return rows.length > 0;
    },

    async unblock(blockerId: string, blockedId: string): Promise<boolean> {
      const rows = await db
        .delete(userBlocks)
        .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
        .returning({ at: userBlocks.createdAt });
      return rows.length > 0;
    },

    async isFollowing(followerId: string, followeeId: string): Promise<boolean> {
      const rows = await db
        .select({ one: sql<number>`1` })
        .from(userFollows)
        .where(and(eq(userFollows.followerId, followerId), eq(userFollows.followeeId, followeeId)))
        .limit(1);
      return rows.length > 0;
    },

    async isFollowingAgent(userId: string, agentId: string): Promise<boolean> {
      const rows = await db
        .select({ one: sql<number>`1` })
        .from(agentFollows)
        .where(and(eq(agentFollows.userId, userId), eq(agentFollows.agentId, agentId)))
        .limit(1);
      return rows.length > 0;
    },

    async hasBlocked(blockerId: string, blockedId: string): Promise<boolean> {
      const rows = await db
        .select({ one: sql<number>`1` })
        .from(userBlocks)
        .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
        .limit(1);
      return rows.length > 0;
    },

    /** Counts of users or agents; a subject nobody ever followed has zeros. */
    async counts(subjectIds: string[]): Promise<Map<string, CountsRow>> {
      const found = new Map<string, CountsRow>(subjectIds.map((id) => [id, { followers: 0, following: 0 }]));
      if (subjectIds.length === 0) return found;
      const rows = await db.select().from(followCounts).where(inArray(followCounts.subjectId, subjectIds));
      for (const r of rows) found.set(r.subjectId, { followers: r.followers, following: r.following });
      return found;
    },

    /** People following `userId`, newest first, without anyone blocked by or blocking the viewer. */
    async followers(viewerId: string | null, userId: string, cursor: Cursor | null, limit: number): Promise<FollowPersonRow[]> {
      return db
        .select({ userId: users.id, userName: users.userName, avatar: users.avatar, at: userFollows.createdAt, followedByMe: followedBy(viewerId, users.id) })
        .from(userFollows)
        .innerJoin(users, eq(users.id, userFollows.followerId))
        .where(and(eq(userFollows.followeeId, userId), notBlocked(viewerId, users.id), afterCursor(cursor, userFollows.createdAt, userFollows.followerId)))
        .orderBy(desc(userFollows.createdAt), desc(userFollows.followerId))
        .limit(limit + 1);
    },

    /** People `userId` follows, newest first, without anyone blocked by or blocking the viewer. */
    async followings(viewerId: string | null, userId: string, cursor: Cursor | null, limit: number): Promise<FollowPersonRow[]> {
      return db
        .select({ userId: users.id, userName: users.userName, avatar: users.avatar, at: userFollows.createdAt, followedByMe: followedBy(viewerId, users.id) })
        .from(userFollows)
        .innerJoin(users, eq(users.id, userFollows.followeeId))
        .where(and(eq(userFollows.followerId, userId), notBlocked(viewerId, users.id), afterCursor(cursor, userFollows.createdAt, userFollows.followeeId)))
        .orderBy(desc(userFollows.createdAt), desc(userFollows.followeeId))
        .limit(limit + 1);
    },

    async blacklist(blockerId: string, cursor: Cursor | null, limit: number): Promise<PersonRow[]> {
      return db
        .select({ userId: users.id, userName: users.userName, avatar: users.avatar, at: userBlocks.createdAt })
        .from(userBlocks)
        .innerJoin(users, eq(users.id, userBlocks.blockedId))
        .where(and(eq(userBlocks.blockerId, blockerId), afterCursor(cursor, userBlocks.createdAt, userBlocks.blockedId)))
        .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId))
        .limit(limit + 1);
    },
  };
}

/**
 * The viewer's written-ahead My Following (`following_feed`, kept by migration 0016's
 * triggers), as a subquery of (id, at): the work and its publish time.
 */
export const followingFeedSql = (viewerId: string): SQL =>
  sql`(select ${followingFeed.workId} as id, ${followingFeed.publishedAt} as at from ${followingFeed} where ${followingFeed.viewerId} = ${viewerId})`;

export type SocialRepository = ReturnType<typeof socialRepository>;
