import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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
