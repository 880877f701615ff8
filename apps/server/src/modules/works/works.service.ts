import { randomBytes } from 'node:crypto';
import { ErrorCode, WORK_LIMITS, type CreationParams, type WorkProvenance } from '@starlit/contract';
import { withTx, type Db, type Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { assertNotMuted } from '../../platform/policy.ts';
import type { ScorePosition } from '@starlit/contract/rules';
import type { SQL } from 'drizzle-orm';
import { type Cursor, decodeCursor, decodeScoreCursor, toPage, toScoredPage } from '../../platform/pagination.ts';
import type { Storage } from '../../platform/storage.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { cleanAudioVideo, cleanImage } from './work-media.ts';
import { authorizeWork } from './works.policy.ts';
import { WORKS_FOLDER, worksRepository, type WorkCategoryValue, type WorkKindValue, type WorkRow, type WorksRepository } from './works.repository.ts';

export type MediaKind = 'image' | 'audio' | 'video';

const MAX_BYTES: Record<MediaKind, number> = { image: WORK_LIMITS.imageBytes, audio: WORK_LIMITS.audioBytes, video: WORK_LIMITS.videoBytes };
const KIND_OF_EXT: Record<string, MediaKind> = { webp: 'image', wav: 'audio', mp3: 'audio', ogg: 'audio', m4a: 'audio', mp4: 'video', webm: 'video' };

/** The texts every edit sets. */
export interface WorkFieldsInput {
  name: string;
  description: string;
  prompt: string;
  category: string;
  tags: string[];
  agentId: string | null;
  isPublic: boolean;
}

/**
 * A finished creation of the studio as a work (docs/works.md, Provenance). The creation
 * module decides kind, category and which of its stored files the work shows; the files stay
 * the creation's (under `creations/`), shown as stored, never re-encoded.
 */
export interface CreationWork {
  creationId: string;
  kind: WorkKindValue;
  category: WorkCategoryValue;
  media: string;
  cover: string | null;
  /** The description it was made from, shown as the work's prompt. */
  prompt: string;
  engine: string | null;
  params: CreationParams;
  files: WorkProvenance['files'];
  facts: WorkProvenance['facts'];
}

/** A finished daily task as it becomes a work: its kind, its files as addresses and its star. */
export interface TaskWork {
  taskId: string;
  kind: WorkKindValue;
  category: WorkCategoryValue;
  name: string;
  /** The description it was made from, shown as the work's prompt. */
  prompt: string;
  media: string;
  cover: string | null;
  files: WorkProvenance['files'];
  facts: WorkProvenance['facts'];
  agentId: string | null;
}

/** What the author chooses when publishing a creation. */
export interface CreationWorkChoices {
  name: string;
  tags: string[];
  isPublic: boolean;
  agentId: string | null;
  sameStyleFee: number;
}

/** How a work was made, for "Make the same style" (`provenance`). */
export interface WorkSettings {
  workId: string;
  /** The work's name when the settings were read (order records keep it). */
  name: string;
  authorId: string;
  /** The creation it was published from; null once that creation is gone (the settings stay). */
  creationId: string | null;
  workflow: CreationParams['workflow'];
  params: CreationParams;
  engine: string | null;
  /** The author's fee in diamonds. */
  sameStyleFee: number;
}

/**
 * Works: uploads checked by content, drafts, publishing, the detail and the author's list.
 * Uploaded files live under `works/<userId>/` until a work names them; deleting the work
 * deletes them, and the media sweep deletes those no work ever named.
 */
export function worksService(deps: { db: Db; storage: Storage; agents: Pick<AgentsService, 'visible'>; users: Pick<UsersRepository, 'byId'> }) {
  const { storage } = deps;
  const works = worksRepository(deps.db);

  const owned = async (userId: string, id: string): Promise<WorkRow> => authorizeWork(userId, 'change', await works.byId(id));
  async function reload(id: string, viewerId: string): Promise<WorkRow> {
    const row = await works.byId(id, viewerId);
    if (!row) throw new AppError(ErrorCode.WORK_NOT_FOUND);
    return row;
  }

  /** An agent named on a work must be one the author may use: their own or a public published one. */
  async function checkAgent(userId: string, agentId: string | null) {
    if (agentId) await deps.agents.visible(userId, agentId);
  }

  /** Moderation's mute stops publishing, and making a work, until it ends (docs/moderation.md). */
  async function checkNotMuted(userId: string) {
    assertNotMuted({ mutedUntil: (await deps.users.byId(userId))?.mutedUntil ?? null });
  }

  /**
   * The address of an upload of `userId` that no work uses yet, with its kind; refused when
   * the key is someone else's, missing, or already shown by a work (deleting that work would
   * take the file from this one).
   */
  async function claim(repo: WorksRepository, userId: string, key: string): Promise<{ url: string; kind: MediaKind }> {
    const kind = KIND_OF_EXT[key.split('.').pop() ?? ''];
    const url = storage.url(key);
    const mine = key.startsWith(`${WORKS_FOLDER}${userId}/`) && storage.keyOf(url) === key;
    if (!kind || !mine || !(await storage.open(key)) || (await repo.referencedUrls([url])).size > 0) throw new AppError(ErrorCode.WORK_UPLOAD_NOT_FOUND);
    return { url, kind };
  }

  return {
    async upload(userId: string, kind: MediaKind, base64: string) {
      const bytes = Buffer.from(base64, 'base64');
      if (bytes.length > MAX_BYTES[kind]) throw new AppError(ErrorCode.WORK_FILE_TOO_LARGE);
      const clean = kind === 'image' ? await cleanImage(bytes) : await cleanAudioVideo(bytes, kind);
      if (!clean) throw new AppError(ErrorCode.WORK_BAD_FILE);
      const key = `${WORKS_FOLDER}${userId}/${randomBytes(12).toString('hex')}.${clean.ext}`;
      const url = await storage.put(key, clean.body, clean.contentType);
      return { key, url, kind };
    },

    async create(userId: string, input: WorkFieldsInput & { mediaKey?: string; imageKeys: string[] }) {
      await checkNotMuted(userId);
      await checkAgent(userId, input.agentId);
      if (input.mediaKey && input.imageKeys.length > 0) throw new AppError(ErrorCode.WORK_NEEDS_CONTENT);
      if (new Set(input.imageKeys).size !== input.imageKeys.length) throw new AppError(ErrorCode.WORK_UPLOAD_NOT_FOUND);
      // two creates naming one upload at once: the second must find it taken, or deleting one work would take the other's file
      const id = await withTx(deps.db, undefined, async (tx) => {
        const repo = worksRepository(tx);
        await repo.lockAuthor(userId);
        let kind: WorkKindValue = 'post';
        let media: string | null = null;
        const images: string[] = [];
        if (input.mediaKey) {
          const claimed = await claim(repo, userId, input.mediaKey);
          kind = claimed.kind;
          media = claimed.url;
        } else {
          for (const key of input.imageKeys) {
            const claimed = await claim(repo, userId, key);
            if (claimed.kind !== 'image') throw new AppError(ErrorCode.WORK_UPLOAD_NOT_FOUND);
            images.push(claimed.url);
          }
          if (images.length === 0 && !input.description.trim()) throw new AppError(ErrorCode.WORK_NEEDS_CONTENT);
        }
        const cover = kind === 'image' ? media : (images[0] ?? null);
        const { name, description, prompt, category, tags, agentId, isPublic } = input;
        return repo.insert({ name, description, prompt, category, tags, agentId, isPublic, authorId: userId, kind, media, images, cover });
      });
      return reload(id, userId);
    },

    /** Name, category and publisher are always set; the other fields only when given. */
    async update(userId: string, id: string, input: Pick<WorkFieldsInput, 'name' | 'category'> & Partial<WorkFieldsInput> & { publisher: string }) {
      const work = await owned(userId, id);
      // an agent named before stays even if it has since been hidden; a new one must be usable
      if (input.agentId !== undefined && input.agentId !== work.agentId) await checkAgent(userId, input.agentId);
      const { publisher, ...fields } = input;
      await works.update(id, { ...fields, publisherName: publisher });
      return reload(id, userId);
    },

    async publish(userId: string, id: string) {
      const work = await owned(userId, id);
      await checkNotMuted(userId);
      if (!work.publishedAt) await works.update(id, { publishedAt: new Date() });
      return reload(id, userId);
    },

    async unpublish(userId: string, id: string) {
      await owned(userId, id);
      await works.update(id, { publishedAt: null });
      return reload(id, userId);
    },

    /** Deletes the work and the files uploaded for it; seeded files (outside `works/`) stay. */
    async remove(userId: string, id: string) {
      const work = await owned(userId, id);
      await works.remove(id);
      const urls = new Set([work.cover, work.media, ...work.images].filter((u): u is string => u !== null));
      for (const url of urls) {
        const key = storage.keyOf(url);
        if (key?.startsWith(WORKS_FOLDER)) await storage.delete(key);
      }
      return true;
    },

    /**
     * Publishes a finished creation as a work at once (the creation module's `creation/publish`
     * checked it is the author's and done): the works rules for the agent and a mute, then one
     * row; null when the creation has a work already (one work per creation, also when two
     * publishes race: the unique `creation_id` decides).
     */
    async publishCreation(userId: string, made: CreationWork, chosen: CreationWorkChoices): Promise<string | null> {
      await checkNotMuted(userId);
      await checkAgent(userId, chosen.agentId);
      const { name, tags, isPublic, agentId, sameStyleFee } = chosen;
      return works.insertForCreation({
        authorId: userId,
        kind: made.kind,
        category: made.category,
        name,
        tags,
        isPublic,
        agentId,
        description: '',
        prompt: made.prompt,
        media: made.media,
        cover: made.cover,
        engine: made.engine,
        creationId: made.creationId,
        creationParams: made.params,
        creationFiles: made.files,
        creationFacts: made.facts,
        sameStyleFee,
        publishedAt: new Date(),
      });
    },

    /**
     * Publishes a finished daily task as a public work (docs/daily-tasks.md, Publishing), once per
     * task: null when it has a work already. Its star is named while the author may still use
     * the agent (a scheduled publish fires later); a mute refuses, as any publishing.
     */
    async publishTask(userId: string, made: TaskWork): Promise<string | null> {
      await checkNotMuted(userId);
      const agentId = made.agentId
        ? await deps.agents.visible(userId, made.agentId).then(
            (a) => a.id,
            () => null,
          )
        : null;
      return works.insertForTask({
        authorId: userId,
        kind: made.kind,
        category: made.category,
        name: made.name,
        tags: [],
        isPublic: true,
        agentId,
        description: '',
        prompt: made.prompt,
        media: made.media,
        cover: made.cover,
        taskId: made.taskId,
        creationFiles: made.files,
        creationFacts: made.facts,
        publishedAt: new Date(),
      });
    },

    workOfTask: (taskId: string) => works.byTask(taskId),

    /** The works published from these creations, by creation id (the studio shows "View work"). */
    workIdsOfCreations: (creationIds: string[]) => works.byCreations(creationIds),

    /**
     * How a work was made, for "Make the same style": its settings, engine, author and the
     * author's fee, for a work `viewerId` may see (4001 / 4002 otherwise, as `get`); null for a
     * work not made in the studio (an upload or a post).
     */
    async provenance(viewerId: string | null, workId: string): Promise<WorkSettings | null> {
      const work = authorizeWork(viewerId, 'see', await works.byId(workId));
      if (!work.creationParams) return null;
      return {
        workId: work.id,
        name: work.name,
        authorId: work.authorId,
        creationId: work.creationId,
        workflow: work.creationParams.workflow,
        params: work.creationParams,
        engine: work.engine,
        sameStyleFee: work.sameStyleFee,
      };
    },

    get: async (viewerId: string | null, id: string) => authorizeWork(viewerId, 'see', await works.byId(id, viewerId)),

    /**
     * The work as `viewerId` may see it, for features that hang things on works (comments):
     * `get`'s rules (a work moderation hid is seen by its author only) without the viewer's reactions.
     */
    async seeable(viewerId: string | null, id: string): Promise<WorkRow> {
      return authorizeWork(viewerId, 'see', await works.byId(id));
    },

    /** Counts comments added (+1) or removed (-1) in the commenting feature's transaction. */
    adjustCommentCount: (tx: Tx, workId: string, delta: number) => worksRepository(tx).adjustCommentCount(workId, delta),

    async mine(userId: string, cursor: string | undefined, limit: number) {
      const rows = await works.byAuthor(userId, decodeCursor(cursor), limit);
      return toPage(rows, limit, (r) => ({ at: r.createdAt, id: r.id }));
    },

    /** The author's music and dance works, for a live show's playlist. */
    playableBy: (authorId: string, limit: number) => works.playableBy(authorId, limit),

    /** A profile's works or posts (public, published, not hidden), newest published first; blocks hide them both ways. */
    async publishedBy(authorId: string, viewerId: string | null, section: 'works' | 'posts', cursor: string | undefined, limit: number) {
      const rows = await works.publishedBy(authorId, viewerId, section, decodeCursor(cursor), limit);
      // publishedBy lists only published rows
      return toPage(rows, limit, (r) => ({ at: r.publishedAt ?? r.createdAt, id: r.id }));
    },

    /** How many works and posts a profile lists. */
    publishedCounts: (authorId: string) => works.publishedCounts(authorId),

    /** A work whatever its state, for moderation, which acts on works nobody else may see. */
    byId: (id: string, tx?: Tx) => worksRepository(tx ?? deps.db).byId(id),

    /** Works whatever their state, for the moderation queue. */
    byIds: (ids: string[]) => works.byIds(ids),

    /** Moderation hides a work from everyone but its author (reason kept), or shows it again (null). */
    async setHidden(tx: Tx, id: string, reason: string | null) {
      await worksRepository(tx).update(id, reason === null ? { hiddenAt: null, hiddenReason: null } : { hiddenAt: new Date(), hiddenReason: reason });
    },

    /**
     * The home tabs' queries over shown works (public, published, not hidden, no block either
     * way with the viewer), as SQL home runs: each answers limit + 1 rows of FeedRow columns.
     */
    feedRows: {
      recommend: (viewerId: string | null, after: ScorePosition | null, limit: number) => works.recommendRows(viewerId, after, limit),
      kind: (kinds: readonly WorkKindValue[], viewerId: string | null, after: Cursor | null, limit: number) => works.kindRows(kinds, viewerId, after, limit),
      creations: (viewerId: string | null, after: Cursor | null, limit: number) => works.creationRows(viewerId, after, limit),
      category: (category: WorkCategoryValue, viewerId: string | null, after: Cursor | null, limit: number) => works.categoryRows(category, viewerId, after, limit),
      following: (feed: SQL, viewerId: string, after: Cursor | null, limit: number) => works.following(feed, viewerId, after, limit),
    },

    /** One page of shown works matching a search text, best match first (docs/search.md). */
    async search(q: string, viewerId: string | null, cursor: string | undefined, limit: number) {
      const rows = await works.search(q, viewerId, decodeScoreCursor(cursor), limit);
      return toScoredPage(rows, limit, (r) => ({ score: r.score, at: r.at, id: r.id }));
    },

    /** Which of these addresses a work still shows, for the media sweep. */
    referencedUrls: (urls: string[]) => works.referencedUrls(urls),
  };
}

export type WorksService = ReturnType<typeof worksService>;
