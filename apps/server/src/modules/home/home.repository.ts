import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Cursor } from '../../platform/pagination.ts';
import { notBlocked } from '../../platform/policy.ts';
import { type FeedRow, type RawFeedRow, toFeedRow } from '../works/works.repository.ts';

/** A public agent as a card of the AI Agent tab. */
export interface AgentFeedRow {
  id: string;
  at: Date;
  title: string;
  body: string;
  cover: string | null;
  tags: string[];
  userId: string;
  userName: string;
  userAvatar: string | null;
}

/**
 * Home owns no table: it runs the queries the works and agents features answer (their
 * `feedRows`) and pages them.
 */
export function homeRepository(db: Db) {
  return {
    /** A works query of the works feature (limit + 1 rows in FeedRow columns). */
    async works(query: SQL): Promise<FeedRow[]> {
      const result = await db.execute<RawFeedRow>(query);
      return result.rows.map(toFeedRow);
    },

    /** The agents feature's public published agents, newest first, without those of people blocked either way; limit + 1 rows. */
    async agents(agentRows: SQL, viewerId: string | null, cursor: Cursor | null, limit: number): Promise<AgentFeedRow[]> {
      const after = cursor ? sql`and (f.at, f.id) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)` : sql``;
      const result = await db.execute<{
        id: string;
        at: string | Date;
        title: string;
        body: string;
        cover: string | null;
        tags: string[];
        user_id: string;
        user_name: string;
        user_avatar: string | null;
      }>(sql`select * from (${agentRows}) f where ${notBlocked(viewerId, sql`f.user_id`)} ${after} order by f.at desc, f.id desc limit ${limit + 1}`);
      return result.rows.map((r) => ({
        id: r.id,
        at: new Date(r.at),
        title: r.title,
        body: r.body,
        cover: r.cover,
        tags: r.tags,
        userId: r.user_id,
        userName: r.user_name,
        userAvatar: r.user_avatar,
      }));
    },
  };
}

export type HomeRepository = ReturnType<typeof homeRepository>;
