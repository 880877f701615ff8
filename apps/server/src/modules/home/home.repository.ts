import type { WorkKind } from '@starlit/contract';
import type { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Cursor } from '../../platform/pagination.ts';

export interface FeedRow {
  type: 'agent' | 'work';
  id: string;
  at: Date;
  kind: WorkKindValue | null;
  title: string;
  body: string;
  cover: string | null;
  media: string | null;
  engine: string | null;
  tags: string[];
  userId: string;
  userName: string;
  userAvatar: string | null;
}

export type WorkKindValue = z.infer<typeof WorkKind>;

/** Which rows a home tab shows. */
export type FeedFilter = { agents: boolean; workKinds: WorkKindValue[] };

/**
 * The works feature's rows of public published works merged newest first with the agents
 * feature's rows of public published agents (the same columns; null when the tab shows none).
 * Home owns no table: it only orders and pages what the two features answer.
 */
export function homeRepository(db: Db) {
  return {
    async feed(agentRows: SQL | null, workRows: SQL | null, cursor: Cursor | null, limit: number): Promise<FeedRow[]> {
      const parts = [agentRows, workRows].filter((part): part is SQL => part !== null);
      if (parts.length === 0) return [];
      const after = cursor ? sql`where (f.at, f.id) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)` : sql``;
      const result = await db.execute<{
        type: 'agent' | 'work';
        id: string;
        at: string | Date;
        kind: FeedRow['kind'];
        title: string;
        body: string;
        cover: string | null;
        media: string | null;
        engine: string | null;
        tags: string[];
        user_id: string;
        user_name: string;
        user_avatar: string | null;
      }>(sql`select * from (${sql.join(parts, sql` union all `)}) f ${after} order by f.at desc, f.id desc limit ${limit + 1}`);
      return result.rows.map((r) => ({
        type: r.type,
        id: r.id,
        at: new Date(r.at),
        kind: r.kind,
        title: r.title,
        body: r.body,
        cover: r.cover,
        media: r.media,
        engine: r.engine,
        tags: r.tags,
        userId: r.user_id,
        userName: r.user_name,
        userAvatar: r.user_avatar,
      }));
    },
  };
}

export type HomeRepository = ReturnType<typeof homeRepository>;
