import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { ErrorCode, VoiceSettings, type CardFields, type CardFormat, type CardProblem, type ErrorCodeValue, type Language } from '@starlit/contract';
import { z } from 'zod';
import { withTx, type Db, type Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { contentTypeOf, MEDIA_PREFIX, type Storage } from '../../platform/storage.ts';
import type { AgentDetail, AgentsService } from '../agents/agents.service.ts';
import { normalizeAvatarImage } from '../avatars/image-upload.ts';
import { cardFieldsOf, withCardFields } from './card-fields.ts';
import { cardProblems } from './cards.problems.ts';
import { CARD_ASSETS_FOLDER, cardsRepository } from './cards.repository.ts';
import { CardError, emptyExtra, exportCardCharx, exportCardJson, exportCardPng, importCard, keptAssetPaths, type CardAgent, type CardAssetFile, type CardErrorCode } from './format/index.ts';

/** Each library error code and the localized error it answers (docs/cards.md, Errors). */
const CARD_ERRORS: Record<CardErrorCode, ErrorCodeValue> = {
  too_large: ErrorCode.CARD_TOO_LARGE,
  not_a_card: ErrorCode.CARD_NOT_A_CARD,
  corrupt_png: ErrorCode.CARD_CORRUPT_PNG,
  corrupt_zip: ErrorCode.CARD_CORRUPT_ZIP,
  bad_base64: ErrorCode.CARD_BAD_BASE64,
  bad_json: ErrorCode.CARD_BAD_JSON,
  unsupported_spec: ErrorCode.CARD_UNSUPPORTED_SPEC,
  invalid_card: ErrorCode.CARD_INVALID,
  bad_image: ErrorCode.CARD_BAD_IMAGE,
};

// voice ids from elsewhere may be anything; only a UUID can name one of ours
const CardVoice = VoiceSettings.extend({ voiceId: z.string().uuid() });

const SKILL_KEYS = new Set(['TextToImage', 'ImageToImage', 'TextToMusic', 'AIDance'] as const);
type SkillKey = typeof SKILL_KEYS extends Set<infer K> ? K : never;
const isSkillKey = (key: string): key is SkillKey => (SKILL_KEYS as Set<string>).has(key);

// Buffer.from(…, 'base64') skips what it cannot read, so a damaged upload would parse as a
// different file; strict checking makes it an error instead
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes strict base64 (a `data:` URL prefix is allowed, as file readers make them). */
export function decodeUpload(text: string): Buffer {
  const body = text.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (body.length % 4 !== 0 || !BASE64.test(body)) throw new AppError(ErrorCode.CARD_NOT_BASE64);
  return Buffer.from(body, 'base64');
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a file name must not carry
const NOT_IN_FILE_NAMES = /[\\/:*?"<>|\u0000-\u001f]+/g;
/**
 * Where the file of a kept card asset is stored: named by its path in the archive, so an
 * export finds it again from the asset's URI alone. An extension the media server does not
 * know is stored as `.bin` (served as octet-stream).
 */
export function cardAssetKey(agentId: string, archivePath: string): string {
  const name = createHash('sha256').update(archivePath).digest('hex').slice(0, 32);
  const extension = path.extname(archivePath).toLowerCase();
  const known = /^\.[a-z0-9]{1,8}$/.test(extension) && contentTypeOf(`asset${extension}`) !== 'application/octet-stream';
  return `${CARD_ASSETS_FOLDER}${agentId}/${name}${known ? extension : '.bin'}`;
}

/** A file name made of the agent's name, safe on every system. */
export function cardFileName(nickname: string, extension: string): string {
  const base = nickname.normalize('NFKC').replace(NOT_IN_FILE_NAMES, '').trim().slice(0, 60);
  return `${base || 'agent'}.${extension}`;
}

function toCardAgent(found: AgentDetail, extra: CardAgent['extra'] | null): CardAgent {
  const { row } = found;
  return {
    nickname: row.nickname,
    gender: row.gender,
    roleSetting: row.roleSetting,
    roleIntro: row.roleIntro,
    opening: row.opening,
    tags: row.tags,
    skills: found.skills.map((s) => s.key),
    voices: found.voices.map((v) => ({ voiceId: v.voiceId, pitch: v.pitch, volume: v.volume, speed: v.speed })),
    avatarKind: row.avatarKind,
    extra: extra ?? emptyExtra(),
  };
}

/**
 * Character cards: export and import of an agent as a card file, and the card's own texts on
 * an agent. The agent itself is read and written through the agents service.
 */
export function cardsService(deps: { db: Db; agents: AgentsService; storage: Storage }) {
  const { agents, storage } = deps;

  /** The bytes of the agent's 2D picture when it lives in our storage; null otherwise. */
  async function avatarBytes(url: string | null): Promise<Buffer | null> {
    if (!url?.startsWith(MEDIA_PREFIX)) return null;
    return storage.read(url.slice(MEDIA_PREFIX.length));
  }

  /** The stored files of the agent's kept card assets; one lost from storage is left out. */
  async function assetFiles(agentId: string, extra: CardAgent['extra']): Promise<CardAssetFile[]> {
    const files: CardAssetFile[] = [];
    for (const archivePath of new Set(keptAssetPaths(extra.data.assets))) {
      const bytes = await storage.read(cardAssetKey(agentId, archivePath));
      if (bytes) files.push({ path: archivePath, bytes });
    }
    return files;
  }

  /** Gives the draft the card's voices when they exist here; otherwise says so. */
  async function applyVoices(userId: string, agentId: string, card: CardAgent, lang: Language, tx: Tx): Promise<CardProblem[]> {
    if (card.voices.length === 0) return [];
    const notHere: CardProblem[] = [{ field: 'voices', messageKey: 'card.voicesNotHere' }];
    const picks = card.voices.map((v) => CardVoice.safeParse(v));
    if (picks.some((p) => !p.success)) return notHere;
    try {
      // a savepoint: voices refused here leave the rest of the import standing
      await tx.transaction((inner) =>
        agents.setVoices(
          userId,
          agentId,
          picks.flatMap((p) => (p.success ? [p.data] : [])),
          lang,
          inner,
        ),
      );
      return [];
    } catch (err) {
      // a voice of another server or someone else's clone: the person picks one instead
      if (err instanceof AppError) return notHere;
      throw err;
    }
  }

  return {
    /** The caller's agent as a card file. Only the owner may export (docs/cards.md, Access). */
    async export(userId: string, agentId: string, format: CardFormat) {
      const row = await agents.owned(userId, agentId);
      const agent = toCardAgent(await agents.get(userId, agentId), await cardsRepository(deps.db).extraOf(agentId));
      try {
        if (format === 'json' || format === 'json_v2') {
          const text = exportCardJson(agent, format === 'json' ? 'v3' : 'v2');
          return { fileName: cardFileName(row.nickname, 'json'), contentType: 'application/json', base64: Buffer.from(text).toString('base64') };
        }
        const avatar = await avatarBytes(row.avatar);
        if (format === 'png') {
          return { fileName: cardFileName(row.nickname, 'png'), contentType: 'image/png', base64: (await exportCardPng(agent, avatar)).toString('base64') };
        }
        const charx = await exportCardCharx(agent, avatar, await assetFiles(agentId, agent.extra));
        return { fileName: cardFileName(row.nickname, 'charx'), contentType: 'application/zip', base64: charx.toString('base64') };
      } catch (err) {
        if (err instanceof CardError) throw new AppError(CARD_ERRORS[err.code]);
        throw err;
      }
    },

    /**
     * A private draft of the caller made from a card. The card is read completely before
     * anything is written, and everything is written in one transaction, so a file that
     * fails at any step creates nothing; values breaking a SPEC §5 rule are stored whole and
     * named in `problems`.
     */
    async import(userId: string, base64: string, lang: Language) {
      let card: ReturnType<typeof importCard>;
      try {
        card = importCard(decodeUpload(base64));
      } catch (err) {
        if (err instanceof CardError) throw new AppError(CARD_ERRORS[err.code]);
        throw err;
      }
      const { agent } = card;
      const avatar = card.avatar ? await normalizeAvatarImage(card.avatar) : null;
      return withTx(deps.db, undefined, async (tx) => {
        const created = await agents.create(
          userId,
          { nickname: agent.nickname.trim(), gender: agent.gender, roleSetting: agent.roleSetting, roleIntro: agent.roleIntro, opening: agent.opening, isPublic: false },
          tx,
        );
        const agentId = created.row.id;
        await cardsRepository(tx).saveExtra(agentId, agent.extra, card.sourceSpec);
        if (agent.tags.length > 0) await agents.setTags(userId, agentId, agent.tags, tx);
        const skills = agent.skills.filter(isSkillKey);
        if (skills.length > 0) await agents.setSkills(userId, agentId, [...new Set(skills)], tx);
        if (avatar) {
          const url = await storage.put(`avatars/${agentId}/${randomBytes(8).toString('hex')}.webp`, avatar, 'image/webp');
          await agents.setAvatar(agentId, userId, { image: url, kind: '2d' }, tx);
        }
        for (const file of card.assetFiles) {
          const key = cardAssetKey(agentId, file.path);
          await storage.put(key, file.bytes, contentTypeOf(key));
        }
        const problems = [...cardProblems(agent), ...(await applyVoices(userId, agentId, agent, lang, tx))];
        // the V3 spec asks that a user be told when assets of a card cannot be imported
        if (card.assetsLeftOut.length > 0) problems.push({ field: 'assets', messageKey: 'card.assetsNotKept' });
        return { agentId, sourceSpec: card.sourceSpec, problems };
      });
    },

    /** The card texts of the caller's agent; null for one that came from no card. Owner only (403, 6001). */
    async fields(userId: string, agentId: string): Promise<CardFields | null> {
      await agents.owned(userId, agentId);
      const extra = await cardsRepository(deps.db).extraOf(agentId);
      return extra ? cardFieldsOf(extra) : null;
    },

    /** An agent that came from no card gets the texts too, and exports them from then on. */
    async setFields(userId: string, agentId: string, fields: CardFields): Promise<CardFields> {
      await agents.owned(userId, agentId);
      const cards = cardsRepository(deps.db);
      const stored = await cards.stored(agentId);
      const next = withCardFields(stored?.extra ?? emptyExtra(), fields);
      await cards.saveExtra(agentId, next, stored?.sourceSpec ?? 'v3');
      return cardFieldsOf(next);
    },
  };
}

export type CardsService = ReturnType<typeof cardsService>;
