import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { AVATAR_JOB } from './avatars.jobs.ts';

/** The storage folder of avatars: `avatars/<agentId>/…` (uploads, generated pictures, references, models). */
export const AVATARS_FOLDER = 'avatars/';

export function avatarsRepository(db: Db) {
  return {
    /** Which of these storage keys an unfinished generation job still needs as its reference picture. */
    async pendingReferences(keys: string[]): Promise<Set<string>> {
      const pending = await db
        .select({ key: sql<string>`${jobs.payload}->>'referenceKey'` })
        .from(jobs)
        .where(and(eq(jobs.kind, AVATAR_JOB), ne(jobs.status, 'done'), inArray(sql`${jobs.payload}->>'referenceKey'`, keys)));
      return new Set(pending.map((r) => r.key));
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
