import { createHash } from 'node:crypto';
import { ErrorCode, message, type Language, type MessageKey } from '@starlit/contract';
import { publishProblems, voiceSelectionProblem } from '@starlit/contract/rules';
import type { SpeechModel } from '../../ai/speech/speech-model.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import { decodeCursor, toPage } from '../../platform/pagination.ts';
import type { Storage } from '../../platform/storage.ts';
import { AVATARS_FOLDER } from '../avatars/avatars.repository.ts';
import { CARD_ASSETS_FOLDER } from './agent-cards.repository.ts';
import { AGENTS_FOLDER, type AgentPatch, type AgentRow, type AgentsRepository, type AgentVoiceRow, type AuditionRow, type SkillRow } from './agents.repository.ts';

/** An agent with everything its page shows. */
export interface AgentDetail {
  row: AgentRow;
  skills: SkillRow[];
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
const voicesSha256 = (voices: Array<Pick<AgentVoiceRow, 'voiceId' | 'pitch' | 'volume' | 'speed'>>) =>
  sha256(JSON.stringify(voices.map((v) => [v.voiceId, v.pitch, v.volume, v.speed])));

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

export function agentsService(deps: { agents: AgentsRepository; storage: Storage; speech: SpeechModel | null }) {
  const { agents } = deps;

  async function deleteFolders(folders: string[]) {
    for (const folder of folders) {
      for await (const object of deps.storage.list(folder)) await deps.storage.delete(object.key);
    }
  }

  async function detail(row: AgentRow): Promise<AgentDetail> {
    const [skills, voices] = await Promise.all([agents.skillsOf(row.id), agents.voicesOf(row.id)]);
    const audition = voices.length > 0 ? await agents.audition(row.id, sha256(row.opening), voicesSha256(voices)) : null;
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
    return { row, skills, voices, audition, missing };
  }

  /** The caller's own agent; another person's answers 403, a missing or deleted one "not found". */
  async function owned(userId: string, id: string): Promise<AgentRow> {
    const row = await agents.byId(id);
    if (!row) throw new AppError(ErrorCode.AGENT_NOT_FOUND);
    if (row.ownerId !== userId) throw forbidden();
    return row;
  }

  /**
   * The agent after a change. A published agent that no longer meets every publish
   * requirement goes back to draft, so nothing unfinished is ever shown to others
   * (docs/decisions/0010); what was typed is kept.
   */
  async function settled(id: string): Promise<AgentDetail> {
    const row = await agents.byId(id);
    if (!row) throw new AppError(ErrorCode.AGENT_NOT_FOUND);
    const found = await detail(row);
    if (row.publishedAt && found.missing.length > 0) {
      await agents.update(id, { publishedAt: null });
      return { ...found, row: { ...row, publishedAt: null } };
    }
    return found;
  }

  return {
    /** A new draft; only the name is needed. */
    async create(userId: string, fields: AgentPatch & { nickname: string }): Promise<AgentDetail> {
      const id = await agents.insert({ ...fields, ownerId: userId, publishedAt: null });
      return settled(id);
    },

    /** Saves some fields of the caller's agent (autosave of a draft or an edit of a published one). */
    async update(userId: string, id: string, patch: AgentPatch): Promise<AgentDetail> {
      await owned(userId, id);
      await agents.update(id, patch);
      return settled(id);
    },

    /** One agent: the owner sees it in any state, others only when public and published. */
    async get(viewerId: string | null, id: string): Promise<AgentDetail> {
      const row = await agents.byId(id);
      const visible = row && (row.ownerId === viewerId || (row.isPublic && row.publishedAt !== null));
      if (!row || !visible) throw new AppError(ErrorCode.AGENT_NOT_FOUND);
      return detail(row);
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
    async setVoices(userId: string, id: string, picks: VoicePickInput[], lang: Language): Promise<AgentDetail> {
      await owned(userId, id);
      const facts = new Map((await agents.voiceFacts(picks.map((p) => p.voiceId))).map((v) => [v.id, v]));
      for (const pick of picks) {
        const voice = facts.get(pick.voiceId);
        const usable = voice && voice.status === 'done' && (voice.isOfficial || voice.ownerId === userId);
        if (!usable) throw new AppError(ErrorCode.AGENT_VOICE_NOT_FOUND);
      }
      const problem = voiceSelectionProblem(picks.map((p) => ({ voiceId: p.voiceId, cloned: !facts.get(p.voiceId)?.isOfficial })));
      if (problem) throw ruleError(ErrorCode.AGENT_VOICE_RULE, [problem], lang);
      await agents.replaceVoices(id, picks);
      return settled(id);
    },

    async setSkills(userId: string, id: string, keys: Array<SkillRow['key']>): Promise<AgentDetail> {
      await owned(userId, id);
      const known = new Set((await agents.skillCatalogue()).map((s) => s.key));
      if (keys.some((key) => !known.has(key))) throw new AppError(ErrorCode.AGENT_SKILL_NOT_FOUND);
      await agents.replaceSkills(id, keys);
      return settled(id);
    },

    async setTags(userId: string, id: string, tags: string[]): Promise<AgentDetail> {
      await owned(userId, id);
      await agents.update(id, { tags });
      return settled(id);
    },

    /** Called by the avatars feature when a picture or model is ready or the shown kind changes. */
    async setAvatar(agentId: string, ownerId: string, avatar: AvatarInput): Promise<AgentDetail> {
      await owned(ownerId, agentId);
      const patch: AgentPatch = {};
      if (avatar.kind !== undefined) patch.avatarKind = avatar.kind;
      if (avatar.image !== undefined) patch.avatar = avatar.image;
      if (avatar.vrm !== undefined) patch.avatarVrm = avatar.vrm;
      if (avatar.editPrompt !== undefined) patch.avatarEditPrompt = avatar.editPrompt;
      if (avatar.referenceImage !== undefined) patch.avatarReferenceImage = avatar.referenceImage;
      if (avatar.style !== undefined) patch.avatarStyle = avatar.style;
      await agents.update(agentId, patch);
      return settled(agentId);
    },

    /**
     * Speaks the opening with the first voice and its settings, stores the audio and records
     * the audition of this exact opening and voice selection.
     */
    async audition(userId: string, id: string, signal?: AbortSignal): Promise<AgentDetail> {
      const row = await owned(userId, id);
      const voices = await agents.voicesOf(id);
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
      await agents.insertAudition({ agentId: id, openingSha256, voicesSha256: selectionSha256, audio, engine });
      return settled(id);
    },

    /** Publishes once every requirement of SPEC §5 is met; otherwise names what is missing. */
    /** Whether an agent (not deleted) speaks with a voice: such a voice must not vanish under it. */
    voiceInUse: (voiceId: string) => agents.voiceInUse(voiceId),

    async publish(userId: string, id: string, lang: Language): Promise<AgentDetail> {
      const row = await owned(userId, id);
      const found = await detail(row);
      if (found.missing.length > 0) throw ruleError(ErrorCode.AGENT_NOT_PUBLISHABLE, found.missing, lang);
      if (row.publishedAt) return found;
      const publishedAt = new Date();
      await agents.update(id, { publishedAt });
      return { ...found, row: { ...row, publishedAt } };
    },

    async unpublish(userId: string, id: string): Promise<AgentDetail> {
      await owned(userId, id);
      await agents.update(id, { publishedAt: null });
      return settled(id);
    },

    /** Deletes the caller's agents, all of them or none: 403 when any is someone else's. */
    async remove(userId: string, ids: string[]): Promise<number> {
      const unique = [...new Set(ids)];
      const found = await agents.owners(unique);
      if (found.some((a) => a.ownerId !== userId)) throw forbidden();
      if (found.length !== unique.length) throw new AppError(ErrorCode.AGENT_NOT_FOUND);
      const deleted = await agents.softDelete(userId, unique);
      for (const id of unique) await deleteFolders(agentFolders(id));
      return deleted;
    },

    skills: () => agents.skillCatalogue(),
  };
}

export type AgentsService = ReturnType<typeof agentsService>;
