import { createHash } from 'node:crypto';
import { ErrorCode, message, type Language, type MessageKey } from '@starlit/contract';
import { publishProblems, voiceSelectionProblem } from '@starlit/contract/rules';
import type { SpeechModel } from '../../ai/speech/speech-model.ts';
import { withTx, type Db, type Handle, type Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { decodeCursor, decodeScoreCursor, toPage, toScoredPage } from '../../platform/pagination.ts';
import { authorizeOwnerOfAll } from '../../platform/policy.ts';
import type { Storage } from '../../platform/storage.ts';
import { AVATARS_FOLDER } from '../avatars/avatars.repository.ts';
import { voicesRepository } from '../voices/voices.repository.ts';
import { mayVoice } from '../voices/voices.policy.ts';
import { CARD_ASSETS_FOLDER } from '../cards/cards.repository.ts';
import { fingerprintOf, type LedgerService } from '../ledger/ledger.service.ts';
import { authorizeAgent } from './agents.policy.ts';
import { isActive, presentAgent } from './agents.presenter.ts';
import { AGENTS_FOLDER, agentsRepository, type AgentPatch, type AgentRow, type AgentVoiceRow, type AuditionRow, type SkillRow, type SkillTermRow } from './agents.repository.ts';

/** An agent with everything its page shows. */
export interface AgentDetail {
  row: AgentRow;
  skills: SkillRow[];
  /** The skills bought for the agent, chosen or not, with their expiry. */
  terms: SkillTermRow[];
  voices: AgentVoiceRow[];
  /** The audition of the current opening with the current voices, or null. */
  audition: AuditionRow | null;
  missing: MessageKey[];
}

/** What the avatars feature writes on an agent (SPEC §3: 2D or 3D; edit prompt, reference image, style). */
export interface AvatarInput {
  kind?: '2d' | '3d' | null;
  image?: string | null;
  vrm?: string | null;
  editPrompt?: string | null;
  referenceImage?: string | null;
  style?: string | null;
}

export interface VoicePickInput {
  voiceId: string;
  pitch: number;
  volume: number;
  speed: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
// the audition is of this exact voice selection: order and every slider count
const voicesSha256 = (voices: Array<Pick<AgentVoiceRow, 'voiceId' | 'pitch' | 'volume' | 'speed'>>) => sha256(JSON.stringify(voices.map((v) => [v.voiceId, v.pitch, v.volume, v.speed])));

/** A refusal with the localized texts of catalogue keys, joined as a person reads them. */
function ruleError(code: (typeof ErrorCode)[keyof typeof ErrorCode], keys: MessageKey[], lang: Language) {
  return new AppError(code, 200, keys.map((key) => message(key, lang)).join('; '));
}

/**
 * The storage folders holding one agent's own files (uploaded and generated avatars and
 * models, auditions, card assets), which go with the agent. Built-in and seeded files live
 * elsewhere and stay.
 */
const agentFolders = (id: string) => [`${AVATARS_FOLDER}${id}/`, `${AGENTS_FOLDER}${id}/`, `${CARD_ASSETS_FOLDER}${id}/`];

/**
 * Agents: drafts, publishing, voices, skills, tags, auditions. Methods that write take the
 * caller's transaction when another feature makes an agent as part of its own unit (card import).
 */
export function agentsService(deps: { db: Db; storage: Storage; speech: SpeechModel | null; ledger: Pick<LedgerService, 'run'> }) {
  const agents = agentsRepository(deps.db);

  async function deleteFolders(folders: string[]) {
    for (const folder of folders) {
      for await (const object of deps.storage.list(folder)) await deps.storage.delete(object.key);
    }
  }

  /** The agent's voices in order, with what the voices feature knows of each. */
  async function voicesOf(id: string, h: Handle = deps.db): Promise<AgentVoiceRow[]> {
    const picks = await agentsRepository(h).voicesOf(id);
    const known = new Map((await voicesRepository(h).byIds(picks.map((p) => p.voiceId))).map((v) => [v.id, v]));
    return picks.flatMap((pick) => {
      const voice = known.get(pick.voiceId);
      return voice ? [{ ...pick, name: voice.name, gender: voice.gender, isOfficial: voice.isOfficial, engineParams: voice.engineParams }] : [];
    });
  }

  async function detail(row: AgentRow, h: Handle = deps.db): Promise<AgentDetail> {
    const repo = agentsRepository(h);
    const [skills, terms, voices] = await Promise.all([repo.skillsOf(row.id), repo.skillTermsOf(row.id), voicesOf(row.id, h)]);
    const audition = voices.length > 0 ? await repo.audition(row.id, sha256(row.opening), voicesSha256(voices)) : null;
    const missing = publishProblems({
      nickname: row.nickname,
      tags: row.tags,
      opening: row.opening,
      roleIntro: row.roleIntro,
      roleSetting: row.roleSetting,
      hasAvatar: row.avatar !== null || row.avatarVrm !== null,
      voiceCount: voices.length,
      skillCount: skills.length,
      auditioned: audition !== null,
    });
    return { row, skills, terms, voices, audition, missing };
  }

  /** The caller's own agent; another person's answers 403, a missing or deleted one "not found". */
  const owned = async (userId: string, id: string, h: Handle = deps.db): Promise<AgentRow> => authorizeAgent(userId, 'change', await agentsRepository(h).byId(id));

  /**
   * The agent after a change. A published agent that no longer meets every publish
   * requirement goes back to draft, so nothing unfinished is ever shown to others
   * (docs/decisions/0010); what was typed is kept.
   */
  async function settled(id: string, tx: Tx): Promise<AgentDetail> {
    const repo = agentsRepository(tx);
    const row = await repo.byId(id);
    if (!row) throw new AppError(ErrorCode.AGENT_NOT_FOUND);
    const found = await detail(row, tx);
    if (row.publishedAt && found.missing.length > 0) {
      await repo.update(id, { publishedAt: null });
      return { ...found, row: { ...row, publishedAt: null } };
    }
    return found;
  }

  return {
    /** A new draft; only the name is needed. */
    async create(userId: string, fields: AgentPatch & { nickname: string }, outer?: Tx): Promise<AgentDetail> {
      return withTx(deps.db, outer, async (tx) => settled(await agentsRepository(tx).insert({ ...fields, ownerId: userId, publishedAt: null }), tx));
    },

    /** Saves some fields of the caller's agent (autosave of a draft or an edit of a published one). */
    async update(userId: string, id: string, patch: AgentPatch): Promise<AgentDetail> {
      return withTx(deps.db, undefined, async (tx) => {
        await owned(userId, id, tx);
        await agentsRepository(tx).update(id, patch);
        return settled(id, tx);
      });
    },

    /** One agent: the owner sees it in any state, others only when public and published. */
    async get(viewerId: string | null, id: string): Promise<AgentDetail> {
      return detail(authorizeAgent(viewerId, 'see', await agents.byId(id)));
    },

    /** The agent row if `viewerId` may see it (no skills or voices); AGENT_NOT_FOUND otherwise. In the caller's transaction when given one. */
    visible: async (viewerId: string | null, id: string, tx?: Tx): Promise<AgentRow> => authorizeAgent(viewerId, 'see', await (tx ? agentsRepository(tx) : agents).byId(id)),

    /** The caller's own agent row; 403 for someone else's. */
    owned,

    /** The skills an agent offers and its owner holds unexpired: what it can do now (decision 0019). */
    async workingSkills(agentId: string, tx?: Tx): Promise<Set<string>> {
      const repo = tx ? agentsRepository(tx) : agents;
      const terms = new Map((await repo.skillTermsOf(agentId)).map((term) => [term.skillKey, term]));
      const now = new Date();
      return new Set(
        (await repo.skillsOf(agentId))
          .filter((skill) => {
            const term = terms.get(skill.key);
            return term !== undefined && isActive(term, now);
          })
          .map((skill) => skill.key),
      );
    },

    /** These agents, deleted ones included, as chats with them show them. */
    withDeleted: (ids: string[]) => agents.withDeleted(ids),

    /** The voice an agent's replies are spoken in: its first one, with its settings. */
    speakingVoice: async (agentId: string): Promise<AgentVoiceRow | null> => (await voicesOf(agentId))[0] ?? null,

    /** Public published agents for other features' lists: their ids as a subquery, the newest, the home feed's rows. */
    publicIds: () => agents.publicIds(),
    newestPublic: (limit: number, except: string[]) => agents.newestPublic(limit, except),
    feedRows: () => agents.feedRows(),
    /** Subquery of the ids of a person's agents, for features that keep rows about agents (follows). */
    idsOwnedBySql: (ownerId: string) => agents.idsOwnedBySql(ownerId),

    /** One page of public published agents matching a search text, best match first (docs/search.md). */
    async search(q: string, viewerId: string | null, cursor: string | undefined, limit: number) {
      const rows = await agents.search(q, viewerId, decodeScoreCursor(cursor), limit);
      return toScoredPage(rows, limit, (r) => ({ score: r.score, at: r.at, id: r.id }));
    },

    async mine(userId: string, cursor: string | undefined, limit: number) {
      const rows = await agents.listByOwner(userId, decodeCursor(cursor), limit);
      return toPage(rows, limit, (r) => ({ at: r.createdAt, id: r.id }));
    },

    async publicList(cursor: string | undefined, limit: number) {
      const rows = await agents.listPublic(decodeCursor(cursor), limit);
      return toPage(rows, limit, (r) => ({ at: r.publishedAt ?? r.createdAt, id: r.id }));
    },

    /**
     * Replaces the agent's voices. Official voices and the caller's own finished clones can be
     * used; the voice rules of SPEC §5 are checked here whatever the form did.
     */
    /** One owner's public published agents, for their profile. */
    async publicByOwner(ownerId: string, cursor: string | undefined, limit: number) {
      const rows = await agents.publicByOwner(ownerId, decodeCursor(cursor), limit);
      return toPage(rows, limit, (r) => ({ at: r.publishedAt ?? r.createdAt, id: r.id }));
    },

    publicCountOf: (ownerId: string) => agents.publicCountOf(ownerId),

    async setVoices(userId: string, id: string, picks: VoicePickInput[], lang: Language, outer?: Tx): Promise<AgentDetail> {
      return withTx(deps.db, outer, async (tx) => {
        await owned(userId, id, tx);
        const voices = voicesRepository(tx);
        const ids = picks.map((p) => p.voiceId);
        const facts = new Map((await voices.byIds(ids)).map((v) => [v.id, v]));
        const purchased = await voices.purchasedOf(userId, ids);
        // a premium voice the agent already speaks with stays (a slider change is no new use of it)
        const current = new Set((await agentsRepository(tx).voicesOf(id)).map((v) => v.voiceId));
        for (const pick of picks) {
          const voice = facts.get(pick.voiceId);
          if (!voice || !mayVoice(userId, 'use', voice)) throw new AppError(ErrorCode.AGENT_VOICE_NOT_FOUND);
          if (voice.isOfficial && voice.priceDiamonds > 0 && !purchased.has(voice.id) && !current.has(voice.id)) throw new AppError(ErrorCode.VOICE_NOT_PURCHASED);
        }
        const problem = voiceSelectionProblem(picks.map((p) => ({ voiceId: p.voiceId, cloned: !facts.get(p.voiceId)?.isOfficial })));
        if (problem) throw ruleError(ErrorCode.AGENT_VOICE_RULE, [problem], lang);
        await agentsRepository(tx).replaceVoices(id, picks);
        return settled(id, tx);
      });
    },

    /**
     * Buys a skill for the caller's agent with diamonds (docs/economy.md, Skills): its period,
     * extended from the later of now and its expiry, or for good; it is chosen too. One ledger
     * request under the caller's key, so a double click or a retry charges once. When the
     * client sends the price and period it showed, an admin's change since is refused (8258).
     */
    async buySkill(userId: string, id: string, skill: SkillRow['key'], key: string, shown?: { priceDiamonds: number; usageDays: number | null }) {
      const { outcome, replayed } = await deps.ledger.run(userId, key, fingerprintOf('agent.buySkill', { agentId: id, skill }), async (books) => {
        const repo = agentsRepository(books.tx);
        const agent = await owned(userId, id, books.tx);
        const unit = await repo.skill(skill);
        if (!unit) throw new AppError(ErrorCode.AGENT_SKILL_NOT_FOUND);
        if (shown && (shown.priceDiamonds !== unit.priceDiamonds || shown.usageDays !== unit.usageDays)) throw new AppError(ErrorCode.PRICE_CHANGED);
        const term = await repo.extendSkill(id, skill, unit.usageDays);
        if (!term) throw new AppError(ErrorCode.SKILL_OWNED_FOR_GOOD);
        await repo.chooseSkill(id, skill);
        if (unit.priceDiamonds > 0) {
          await books.move({
            from: { user: userId },
            to: { system: 'store_revenue' },
            currency: 'JE',
            amount: unit.priceDiamonds,
            kind: 'skill_purchase',
            // the agent's name as it was, for the records
            memo: { agentId: id, agentName: agent.nickname, skill, days: unit.usageDays },
          });
        }
        return { expiresAt: term.expiresAt?.toISOString() ?? null, priceDiamonds: unit.priceDiamonds };
      });
      const agent = await withTx(deps.db, undefined, (tx) => settled(id, tx));
      return { agent: presentAgent(agent, userId), expiresAt: outcome.expiresAt, priceDiamonds: outcome.priceDiamonds, replayed };
    },

    async setSkills(userId: string, id: string, keys: Array<SkillRow['key']>, outer?: Tx): Promise<AgentDetail> {
      return withTx(deps.db, outer, async (tx) => {
        const repo = agentsRepository(tx);
        await owned(userId, id, tx);
        const known = new Set((await repo.skillCatalogue()).map((s) => s.key));
        if (keys.some((key) => !known.has(key))) throw new AppError(ErrorCode.AGENT_SKILL_NOT_FOUND);
        await repo.replaceSkills(id, keys);
        return settled(id, tx);
      });
    },

    async setTags(userId: string, id: string, tags: string[], outer?: Tx): Promise<AgentDetail> {
      return withTx(deps.db, outer, async (tx) => {
        await owned(userId, id, tx);
        await agentsRepository(tx).update(id, { tags });
        return settled(id, tx);
      });
    },

    /** Called by the avatars feature when a picture or model is ready or the shown kind changes. */
    async setAvatar(agentId: string, ownerId: string, avatar: AvatarInput, outer?: Tx): Promise<AgentDetail> {
      const patch: AgentPatch = {};
      if (avatar.kind !== undefined) patch.avatarKind = avatar.kind;
      if (avatar.image !== undefined) patch.avatar = avatar.image;
      if (avatar.vrm !== undefined) patch.avatarVrm = avatar.vrm;
      if (avatar.editPrompt !== undefined) patch.avatarEditPrompt = avatar.editPrompt;
      if (avatar.referenceImage !== undefined) patch.avatarReferenceImage = avatar.referenceImage;
      if (avatar.style !== undefined) patch.avatarStyle = avatar.style;
      return withTx(deps.db, outer, async (tx) => {
        await owned(ownerId, agentId, tx);
        await agentsRepository(tx).update(agentId, patch);
        return settled(agentId, tx);
      });
    },

    /**
     * Speaks the opening with the first voice and its settings, stores the audio and records
     * the audition of this exact opening and voice selection.
     */
    async audition(userId: string, id: string, signal?: AbortSignal): Promise<AgentDetail> {
      const row = await owned(userId, id);
      const voices = await voicesOf(id);
      const first = voices[0];
      if (row.opening.trim() === '' || !first?.engineParams) throw new AppError(ErrorCode.AGENT_NOTHING_TO_AUDITION);
      const speech = deps.speech;
      if (!speech || !(await speech.available())) throw new AppError(ErrorCode.AGENT_SPEECH_UNAVAILABLE);
      const openingSha256 = sha256(row.opening);
      const selectionSha256 = voicesSha256(voices);
      let audio: string;
      let engine: string;
      try {
        const settings = { pitch: first.pitch, volume: first.volume, speed: first.speed };
        const spoken = await speech.synthesize(row.opening, { voiceId: first.voiceId, engineParams: first.engineParams, settings }, signal);
        const extension = spoken.contentType === 'audio/mpeg' ? 'mp3' : 'wav';
        const key = `${AGENTS_FOLDER}${id}/audition-${openingSha256.slice(0, 16)}-${selectionSha256.slice(0, 16)}.${extension}`;
        audio = await deps.storage.put(key, spoken.audio, spoken.contentType);
        engine = spoken.engine;
      } catch {
        throw new AppError(ErrorCode.AGENT_VOICE_GENERATION_FAILED);
      }
      return withTx(deps.db, undefined, async (tx) => {
        await agentsRepository(tx).insertAudition({ agentId: id, openingSha256, voicesSha256: selectionSha256, audio, engine });
        return settled(id, tx);
      });
    },

    /** Whether an agent (not deleted) speaks with a voice: such a voice must not vanish under it. */
    voiceInUse: (voiceId: string) => agents.voiceInUse(voiceId),

    /**
     * Publishes once every requirement of SPEC §5 is met; otherwise names what is missing.
     * Checked and written in one transaction, so a change landing in between cannot slip by.
     */
    async publish(userId: string, id: string, lang: Language): Promise<AgentDetail> {
      return withTx(deps.db, undefined, async (tx) => {
        const row = await owned(userId, id, tx);
        const found = await detail(row, tx);
        if (found.missing.length > 0) throw ruleError(ErrorCode.AGENT_NOT_PUBLISHABLE, found.missing, lang);
        if (row.publishedAt) return found;
        const publishedAt = new Date();
        await agentsRepository(tx).update(id, { publishedAt });
        return { ...found, row: { ...row, publishedAt } };
      });
    },

    async unpublish(userId: string, id: string): Promise<AgentDetail> {
      return withTx(deps.db, undefined, async (tx) => {
        await owned(userId, id, tx);
        await agentsRepository(tx).update(id, { publishedAt: null });
        return settled(id, tx);
      });
    },

    /** Deletes the caller's agents, all of them or none: 403 when any is someone else's. */
    async remove(userId: string, ids: string[]): Promise<number> {
      const unique = [...new Set(ids)];
      const deleted = await withTx(deps.db, undefined, async (tx) => {
        const repo = agentsRepository(tx);
        authorizeOwnerOfAll(userId, unique, await repo.owners(unique), ErrorCode.AGENT_NOT_FOUND);
        return repo.softDelete(userId, unique);
      });
      // files go only once the rows are gone, so a rolled-back delete keeps everything it showed
      for (const id of unique) await deleteFolders(agentFolders(id));
      return deleted;
    },

    skills: () => agents.skillCatalogue(),
    /**
     * Admins (the economy console): a skill's price and period for purchases from now on. Terms
     * bought keep their expiry and the ledger keeps what was paid.
     */
    setSkillPrice: (key: SkillRow['key'], priceDiamonds: number, usageDays: number | null) => agents.setSkillPrice(key, priceDiamonds, usageDays),
  };
}

export type AgentsService = ReturnType<typeof agentsService>;
