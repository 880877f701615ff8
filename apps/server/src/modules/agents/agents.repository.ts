import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentAuditions, agents, agentSkills, agentVoices, skills, users, voices } from '../../db/schema/index.ts';
import { afterCursor, type Cursor } from '../../platform/pagination.ts';

export type AgentRow = typeof agents.$inferSelect & { ownerName: string; ownerAvatar: string | null };
export type AgentPatch = Partial<Omit<typeof agents.$inferInsert, 'id' | 'ownerId' | 'createdAt'>>;
export type SkillRow = typeof skills.$inferSelect;
export type AgentVoiceRow = typeof agentVoices.$inferSelect & {
  name: string;
  gender: 'Male' | 'Female';
  isOfficial: boolean;
  engineParams: (typeof voices.$inferSelect)['engineParams'];
};
export type AuditionRow = typeof agentAuditions.$inferSelect;
/** The storage folder of agents' own files: `agents/<agentId>/audition-….wav`. */
export const AGENTS_FOLDER = 'agents/';
/** A voice as the voice rules need it. */
export type VoiceFacts = Pick<typeof voices.$inferSelect, 'id' | 'isOfficial' | 'ownerId' | 'status'>;

const agentColumns = {
  id: agents.id,
  ownerId: agents.ownerId,
  nickname: agents.nickname,
  gender: agents.gender,
  roleSetting: agents.roleSetting,
  roleIntro: agents.roleIntro,
  opening: agents.opening,
  tags: agents.tags,
  avatar: agents.avatar,
  avatarKind: agents.avatarKind,
  avatarVrm: agents.avatarVrm,
  avatarEditPrompt: agents.avatarEditPrompt,
  avatarReferenceImage: agents.avatarReferenceImage,
  avatarStyle: agents.avatarStyle,
  isPublic: agents.isPublic,
  publishedAt: agents.publishedAt,
  deletedAt: agents.deletedAt,
  createdAt: agents.createdAt,
  updatedAt: agents.updatedAt,
  ownerName: users.userName,
  ownerAvatar: users.avatar,
};

/** Agents, their skills, voices and auditions. Deleted agents are never answered. */
export function agentsRepository(db: Db) {
  const select = () => db.select(agentColumns).from(agents).innerJoin(users, eq(users.id, agents.ownerId));

  return {
    async insert(values: typeof agents.$inferInsert): Promise<string> {
      const [row] = await db.insert(agents).values(values).returning({ id: agents.id });
      return row.id;
    },

    async byId(id: string): Promise<AgentRow | null> {
      const [row] = await select().where(and(eq(agents.id, id), isNull(agents.deletedAt)));
      return row ?? null;
    },

    async update(id: string, patch: AgentPatch): Promise<void> {
      await db.update(agents).set({ ...patch, updatedAt: new Date() }).where(eq(agents.id, id));
    },

    /** The owner's agents, drafts included, newest first. */
    async listByOwner(ownerId: string, cursor: Cursor | null, limit: number): Promise<AgentRow[]> {
      return select()
        .where(and(eq(agents.ownerId, ownerId), isNull(agents.deletedAt), afterCursor(cursor, agents.createdAt, agents.id)))
        .orderBy(desc(agents.createdAt), desc(agents.id))
        .limit(limit + 1);
    },

    /** Public published agents, most recently published first. */
    async listPublic(cursor: Cursor | null, limit: number): Promise<AgentRow[]> {
      return select()
        .where(and(eq(agents.isPublic, true), isNotNull(agents.publishedAt), isNull(agents.deletedAt), afterCursor(cursor, agents.publishedAt, agents.id)))
        .orderBy(desc(agents.publishedAt), desc(agents.id))
        .limit(limit + 1);
    },

    /** Owners of the given agents that are not deleted. */
    async owners(ids: string[]): Promise<Array<{ id: string; ownerId: string }>> {
      return db
        .select({ id: agents.id, ownerId: agents.ownerId })
        .from(agents)
        .where(and(inArray(agents.id, ids), isNull(agents.deletedAt)));
    },

    /** Deletes by stamping; the avatar fields are cleared since their files are deleted with the agent. */
    async softDelete(ownerId: string, ids: string[]): Promise<number> {
      const rows = await db
        .update(agents)
        .set({ deletedAt: new Date(), publishedAt: null, avatar: null, avatarVrm: null, avatarReferenceImage: null })
        .where(and(inArray(agents.id, ids), eq(agents.ownerId, ownerId), isNull(agents.deletedAt)))
        .returning({ id: agents.id });
      return rows.length;
    },

    /** Which of these URLs a live agent's audition points at. */
    async referencedAuditions(urls: string[]): Promise<Set<string>> {
      const rows = await db
        .select({ audio: agentAuditions.audio })
        .from(agentAuditions)
        .innerJoin(agents, eq(agents.id, agentAuditions.agentId))
        .where(and(inArray(agentAuditions.audio, urls), isNull(agents.deletedAt)));
      return new Set(rows.map((r) => r.audio));
    },

    async skillCatalogue(): Promise<SkillRow[]> {
      return db.select().from(skills).orderBy(asc(skills.sort));
    },

    async skillsOf(agentId: string): Promise<SkillRow[]> {
      return db
        .select({ key: skills.key, priceDiamonds: skills.priceDiamonds, usageDays: skills.usageDays, sort: skills.sort })
        .from(agentSkills)
        .innerJoin(skills, eq(skills.key, agentSkills.skillKey))
        .where(eq(agentSkills.agentId, agentId))
        .orderBy(asc(skills.sort));
    },

    async replaceSkills(agentId: string, keys: Array<SkillRow['key']>): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(agentSkills).where(eq(agentSkills.agentId, agentId));
        if (keys.length > 0) await tx.insert(agentSkills).values(keys.map((skillKey) => ({ agentId, skillKey })));
        await tx.update(agents).set({ updatedAt: new Date() }).where(eq(agents.id, agentId));
      });
    },

    async voiceInUse(voiceId: string): Promise<boolean> {
      const [row] = await db
        .select({ agentId: agentVoices.agentId })
        .from(agentVoices)
        .innerJoin(agents, eq(agents.id, agentVoices.agentId))
        .where(and(eq(agentVoices.voiceId, voiceId), isNull(agents.deletedAt)))
        .limit(1);
      return row !== undefined;
    },

    async voicesOf(agentId: string): Promise<AgentVoiceRow[]> {
      return db
        .select({
          agentId: agentVoices.agentId,
          voiceId: agentVoices.voiceId,
          position: agentVoices.position,
          pitch: agentVoices.pitch,
          volume: agentVoices.volume,
          speed: agentVoices.speed,
          name: voices.name,
          gender: voices.gender,
          isOfficial: voices.isOfficial,
          engineParams: voices.engineParams,
        })
        .from(agentVoices)
        .innerJoin(voices, eq(voices.id, agentVoices.voiceId))
        .where(eq(agentVoices.agentId, agentId))
        .orderBy(asc(agentVoices.position));
    },

    async voiceFacts(ids: string[]): Promise<VoiceFacts[]> {
      if (ids.length === 0) return [];
      return db.select({ id: voices.id, isOfficial: voices.isOfficial, ownerId: voices.ownerId, status: voices.status }).from(voices).where(inArray(voices.id, ids));
    },

    async replaceVoices(agentId: string, picks: Array<{ voiceId: string; pitch: number; volume: number; speed: number }>): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(agentVoices).where(eq(agentVoices.agentId, agentId));
        if (picks.length > 0) await tx.insert(agentVoices).values(picks.map((p, position) => ({ agentId, position, ...p })));
        await tx.update(agents).set({ updatedAt: new Date() }).where(eq(agents.id, agentId));
      });
    },

    /** The newest audition of exactly this opening and voice selection. */
    async audition(agentId: string, openingSha256: string, voicesSha256: string): Promise<AuditionRow | null> {
      const [row] = await db
        .select()
        .from(agentAuditions)
        .where(and(eq(agentAuditions.agentId, agentId), eq(agentAuditions.openingSha256, openingSha256), eq(agentAuditions.voicesSha256, voicesSha256)))
        .orderBy(desc(agentAuditions.createdAt))
        .limit(1);
      return row ?? null;
    },

    async insertAudition(values: typeof agentAuditions.$inferInsert): Promise<void> {
      await db.insert(agentAuditions).values(values);
    },
  };
}

export type AgentsRepository = ReturnType<typeof agentsRepository>;
