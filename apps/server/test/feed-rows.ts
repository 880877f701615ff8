// Rows for feed and search tests, written straight to the database: publishing, likes and
// follows have their own calls and tests; these tests need many rows with chosen counters.
import { sql } from 'drizzle-orm';
import { userBlocks, works } from '../src/db/schema/index.ts';
import type { SignedIn, TestServer } from './server.ts';

export type WorkFields = Partial<typeof works.$inferInsert>;

/** A shown work of `author` (public, published now) unless the fields say otherwise. */
export async function insertWork(t: TestServer, author: SignedIn, fields: WorkFields = {}): Promise<string> {
  const [row] = await t.starlit.database.db
    .insert(works)
    .values({ kind: 'image', name: 'Night sky', isPublic: true, publishedAt: new Date(), ...fields, authorId: author.userId })
    .returning({ id: works.id });
  return row.id;
}

/** `blocker` blocks `blocked`, as the social feature records it. */
export async function insertBlock(t: TestServer, blocker: SignedIn, blocked: SignedIn): Promise<void> {
  await t.starlit.database.db.insert(userBlocks).values({ blockerId: blocker.userId, blockedId: blocked.userId });
}

/** `follower` follows a user or an agent, as the social feature records it. */
export async function insertFollow(t: TestServer, follower: SignedIn, target: { userId?: string; agentId?: string }): Promise<void> {
  const db = t.starlit.database.db;
  if (target.userId) await db.execute(sql`insert into user_follows (follower_id, followee_id) values (${follower.userId}, ${target.userId})`);
  if (target.agentId) await db.execute(sql`insert into agent_follows (user_id, agent_id) values (${follower.userId}, ${target.agentId})`);
}
