import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agents } from '../../db/schema/agents.ts';
import { jobs } from '../../db/schema/jobs.ts';

/** The storage folder of avatars: `avatars/<agentId>/…` (uploads, generated pictures, references, models). */
export const AVATARS_FOLDER = 'avatars/';

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

    /**
     * Which of these storage keys (at these URLs) a live agent shows as its avatar or keeps as a
     * reference, or an unfinished generation job still needs as its reference picture.
     */
    async referenced(keys: string[], urls: string[]): Promise<Set<string>> {
      const shown = await db
        .select({ image: agents.avatar, vrm: agents.avatarVrm, reference: agents.avatarReferenceImage })
        .from(agents)
        .where(and(isNull(agents.deletedAt), or(inArray(agents.avatar, urls), inArray(agents.avatarVrm, urls), inArray(agents.avatarReferenceImage, urls))));
      const pending = await db
        .select({ key: sql<string>`${jobs.payload}->>'referenceKey'` })
        .from(jobs)
        .where(and(eq(jobs.kind, AVATAR_JOB), ne(jobs.status, 'done'), inArray(sql`${jobs.payload}->>'referenceKey'`, keys)));
      const usedUrls = new Set(shown.flatMap((r) => [r.image, r.vrm, r.reference]));
      const used = new Set(pending.map((r) => r.key));
      keys.forEach((key, i) => {
        if (usedUrls.has(urls[i])) used.add(key);
      });
      return used;
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
