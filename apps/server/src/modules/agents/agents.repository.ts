import { and, asc, count, desc, eq, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Handle } from '../../db/client.ts';
import { agentAuditions, agents, agentSkills, agentSkillTerms, agentVoices, skills, users } from '../../db/schema/index.ts';
import type { ScorePosition } from '@starlit/contract/rules';
import { afterCursor, type Cursor } from '../../platform/pagination.ts';
import { notBlocked } from '../../platform/policy.ts';
import type { VoiceRow } from '../voices/voices.repository.ts';
import { visibleAgents } from './agents.policy.ts';

export type AgentRow = Omit<typeof agents.$inferSelect, 'searchDoc'> & { ownerName: string; ownerAvatar: string | null };
/** A public agent found by a search, as a card, with its match score. */
export interface AgentSearchRow {
  id: string;
  at: Date;
  title: string;
  body: string;
  cover: string | null;
  tags: string[];
  userId: string;
  userName: string;
  userAvatar: string | null;
  score: number;
}
export type AgentPatch = Partial<Omit<typeof agents.$inferInsert, 'id' | 'ownerId' | 'createdAt'>>;
export type SkillRow = typeof skills.$inferSelect;
/** A skill bought for an agent: until when, or null for good. */
export type SkillTermRow = Pick<typeof agentSkillTerms.$inferSelect, 'skillKey' | 'expiresAt'>;
export type AgentVoicePick = typeof agentVoices.$inferSelect;
/** A voice of an agent with its settings there and what the voices feature knows of it. */
export type AgentVoiceRow = AgentVoicePick & Pick<VoiceRow, 'name' | 'gender' | 'isOfficial' | 'engineParams'>;
export type AuditionRow = typeof agentAuditions.$inferSelect;
/** The storage folder of agents' own files: `agents/<agentId>/audition-….wav`. */
export const AGENTS_FOLDER = 'agents/';

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

/**
 * Agents, their skills, voices and auditions. Deleted agents are answered only by
 * `withDeleted` (chats with them stay readable). Other features read agents through here.
 */
export function agentsRepository(db: Handle) {
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

    /** These agents, deleted ones included; in no particular order. */
    async withDeleted(ids: string[]): Promise<AgentRow[]> {
      if (ids.length === 0) return [];
      return select().where(inArray(agents.id, ids));
    },

    async update(id: string, patch: AgentPatch): Promise<void> {
      await db
        .update(agents)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(agents.id, id));
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
        .where(and(visibleAgents(null), afterCursor(cursor, agents.publishedAt, agents.id)))
        .orderBy(desc(agents.publishedAt), desc(agents.id))
        .limit(limit + 1);
    },

    /** One owner's public published agents, most recently published first; limit + 1 rows for paging. */
    async publicByOwner(ownerId: string, cursor: Cursor | null, limit: number): Promise<AgentRow[]> {
      return select()
        .where(and(eq(agents.ownerId, ownerId), visibleAgents(null), afterCursor(cursor, agents.publishedAt, agents.id)))
        .orderBy(desc(agents.publishedAt), desc(agents.id))
        .limit(limit + 1);
    },

    /** How many public published agents the owner has. */
    async publicCountOf(ownerId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(agents)
        .where(and(eq(agents.ownerId, ownerId), visibleAgents(null)));
      return row.n;
    },

    /** Public published agents other than `except`, newest first (ties by id, oldest first). */
    async newestPublic(limit: number, except: string[]): Promise<AgentRow[]> {
      return select()
        .where(and(visibleAgents(null), except.length > 0 ? notInArray(agents.id, except) : undefined))
        .orderBy(desc(agents.publishedAt), asc(agents.id))
        .limit(limit);
    },

    /** The ids of public published agents, as a subquery other features filter their rows by. */
    /** The ids of every agent of `ownerId` (deleted ones too), as a subquery for other features' SQL. */
    idsOwnedBySql: (ownerId: string): SQL => sql`(select ${agents.id} from ${agents} where ${agents.ownerId} = ${ownerId})`,

    publicIds: () => db.select({ id: agents.id }).from(agents).where(visibleAgents(null)),

    /**
     * Public published agents as rows of the home feed, in the columns the feed merges with
     * works (see home.repository.ts).
     */
    feedRows(): SQL {
      return sql`select 'agent' as type, ${agents.id} as id, ${agents.publishedAt} as at, null::text as kind, ${agents.nickname} as title,
               ${agents.roleIntro} as body, ${agents.avatar} as cover, null::text as media, null::text as engine, ${agents.tags} as tags,
               ${users.id} as user_id, ${users.userName} as user_name, ${users.avatar} as user_avatar
        from ${agents} join ${users} on ${users.id} = ${agents.ownerId}
        where ${visibleAgents(null)}`;
    },

    /**
     * Public published agents matching a search text (docs/search.md), best match first, then
     * newest, without those of people blocked either way with the viewer; limit + 1 rows.
     */
    async search(q: string, viewerId: string | null, after: ScorePosition | null, limit: number): Promise<AgentSearchRow[]> {
      const cursor = after ? sql`where (s.score, s.at, s.id) < (${after.score}::real, ${after.at.toISOString()}::timestamptz, ${after.id}::uuid)` : sql``;
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
        score: number | string;
      }>(sql`
        select * from (
          select ${agents.id} as id, ${agents.publishedAt} as at, ${agents.nickname} as title, ${agents.roleIntro} as body, ${agents.avatar} as cover,
                 ${agents.tags} as tags, ${users.id} as user_id, ${users.userName} as user_name, ${users.avatar} as user_avatar,
                 ts_rank(${agents.searchDoc}, q.query, 1) as score
          from ${agents} join ${users} on ${users.id} = ${agents.ownerId}, starlit_search_query(${q}) q(query)
          where ${agents.searchDoc} @@ q.query and ${visibleAgents(null)} and ${notBlocked(viewerId, agents.ownerId)}) s
        ${cursor} order by s.score desc, s.at desc, s.id desc limit ${limit + 1}`);
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
        score: Number(r.score),
      }));
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

    /** Which of these URLs a live agent shows as its avatar or model, or keeps as its reference picture. */
    async referencedAvatars(urls: string[]): Promise<Set<string>> {
      const rows = await db
        .select({ image: agents.avatar, vrm: agents.avatarVrm, reference: agents.avatarReferenceImage })
        .from(agents)
        .where(and(isNull(agents.deletedAt), or(inArray(agents.avatar, urls), inArray(agents.avatarVrm, urls), inArray(agents.avatarReferenceImage, urls))));
      return new Set(rows.flatMap((r) => [r.image, r.vrm, r.reference]).filter((url): url is string => url !== null));
    },

    async skillCatalogue(): Promise<SkillRow[]> {
      return db.select().from(skills).orderBy(asc(skills.sort));
    },

    /** Sets a skill's price and period (admins); false when the skill is not in the catalogue. */
    async setSkillPrice(key: SkillRow['key'], priceDiamonds: number, usageDays: number | null): Promise<boolean> {
      const rows = await db.update(skills).set({ priceDiamonds, usageDays }).where(eq(skills.key, key)).returning({ key: skills.key });
      return rows.length > 0;
    },

    async skillsOf(agentId: string): Promise<SkillRow[]> {
      return db
        .select({ key: skills.key, priceDiamonds: skills.priceDiamonds, usageDays: skills.usageDays, sort: skills.sort })
        .from(agentSkills)
        .innerJoin(skills, eq(skills.key, agentSkills.skillKey))
        .where(eq(agentSkills.agentId, agentId))
        .orderBy(asc(skills.sort));
    },

    async skill(key: SkillRow['key']): Promise<SkillRow | null> {
      const [row] = await db.select().from(skills).where(eq(skills.key, key));
      return row ?? null;
    },

    async skillTermsOf(agentId: string): Promise<SkillTermRow[]> {
      return db.select({ skillKey: agentSkillTerms.skillKey, expiresAt: agentSkillTerms.expiresAt }).from(agentSkillTerms).where(eq(agentSkillTerms.agentId, agentId));
    },

    /**
     * Buys a skill's period for an agent, or the skill for good (`days` null), in one statement
     * that locks the row: a renewal extends from the later of now and the current expiry. Null
     * when the agent already has the skill for good (nothing written).
     */
    async extendSkill(agentId: string, skillKey: SkillRow['key'], days: number | null): Promise<{ expiresAt: Date | null } | null> {
      const period = days === null ? null : sql`make_interval(days => ${days})`;
      const [row] = await db
        .insert(agentSkillTerms)
        .values({ agentId, skillKey, expiresAt: period ? sql`now() + ${period}` : null })
        .onConflictDoUpdate({
          target: [agentSkillTerms.agentId, agentSkillTerms.skillKey],
          set: { expiresAt: period ? sql`greatest(now(), ${agentSkillTerms.expiresAt}) + ${period}` : null, renewedAt: sql`now()` },
          // a skill owned for good has nothing left to buy
          setWhere: sql`${agentSkillTerms.expiresAt} is not null`,
        })
        .returning({ expiresAt: agentSkillTerms.expiresAt });
      return row ?? null;
    },

    /** Chooses a skill for an agent (buying one chooses it); nothing when it is chosen already. */
    async chooseSkill(agentId: string, skillKey: SkillRow['key']): Promise<void> {
      await db.insert(agentSkills).values({ agentId, skillKey }).onConflictDoNothing();
      await db.update(agents).set({ updatedAt: new Date() }).where(eq(agents.id, agentId));
    },

    /** Several statements: run it in a transaction (the service opens one). */
    async replaceSkills(agentId: string, keys: Array<SkillRow['key']>): Promise<void> {
      await db.delete(agentSkills).where(eq(agentSkills.agentId, agentId));
      if (keys.length > 0) await db.insert(agentSkills).values(keys.map((skillKey) => ({ agentId, skillKey })));
      await db.update(agents).set({ updatedAt: new Date() }).where(eq(agents.id, agentId));
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

    /** The agent's voice picks in order; what each voice is comes from the voices feature. */
    async voicesOf(agentId: string): Promise<AgentVoicePick[]> {
      return db.select().from(agentVoices).where(eq(agentVoices.agentId, agentId)).orderBy(asc(agentVoices.position));
    },

    /** Several statements: run it in a transaction (the service opens one). */
    async replaceVoices(agentId: string, picks: Array<{ voiceId: string; pitch: number; volume: number; speed: number }>): Promise<void> {
      await db.delete(agentVoices).where(eq(agentVoices.agentId, agentId));
      if (picks.length > 0) await db.insert(agentVoices).values(picks.map((p, position) => ({ agentId, position, ...p })));
      await db.update(agents).set({ updatedAt: new Date() }).where(eq(agents.id, agentId));
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
