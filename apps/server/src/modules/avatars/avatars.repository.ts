import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agents } from '../../db/schema/agents.ts';
import { jobs } from '../../db/schema/jobs.ts';

/** The job kind of a 2D avatar generation. */
export const AVATAR_JOB = 'avatar.2d';

/** What a generation job carries: everything needed to draw and to check who asked. */
export interface AvatarJobPayload {
  agentId: string;
  ownerId: string;
  name: string;
  description: string;
  style: string;
  /** Storage key of the reference picture, re-encoded like an upload. */
  referenceKey?: string;
}

/** What a finished generation job stores. */
export interface AvatarJobResult {
  imageUrl: string;
  engine: string;
}

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
