import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agents } from '../../db/schema/agents.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { AVATAR_JOB } from './avatars.jobs.ts';

export function avatarsRepository(db: Db) {
  return {
    /** Owner and avatar of a live (not deleted) agent, or null. */
    async agent(agentId: string) {
      const [row] = await db
        .select({ ownerId: agents.ownerId, kind: agents.avatarKind, image: agents.avatar, vrm: agents.avatarVrm })
        .from(agents)
        .where(and(eq(agents.id, agentId), isNull(agents.deletedAt)));
      return row ?? null;
    },

    /** The newest generation job of an agent, or null. */
    async latestJob(agentId: string) {
      const [row] = await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, AVATAR_JOB), sql`${jobs.payload}->>'agentId' = ${agentId}`))
        .orderBy(desc(jobs.createdAt))
        .limit(1);
      return row ?? null;
    },
  };
}

export type AvatarsRepository = ReturnType<typeof avatarsRepository>;
