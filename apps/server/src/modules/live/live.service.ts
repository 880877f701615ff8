import { randomUUID } from 'node:crypto';
import { ErrorCode, LIVE_DEFAULT_SCENES, LIVE_LIMITS, type CallInput, type calls, type Language, type LiveShow } from '@starlit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import { decodeScoreCursor, toScoredPage } from '../../platform/pagination.ts';
import { blockedBetween } from '../../platform/policy.ts';
import type { Storage } from '../../platform/storage.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import type { StoreItemRow } from '../store/store.repository.ts';
import { cleanImage } from '../works/work-media.ts';
import type { LiveLog } from './live-log.ts';
import { chatRefusal } from './live.policy.ts';
import { defaultScenes, DEFAULT_SCENE_NAMES, presentCard, presentEvents, presentSummary, type ShowWithAgent, type StageAgent } from './live.presenter.ts';
import { LIVE_FOLDER, liveRepository, type LiveShowRow, type ShowWithOwner } from './live.repository.ts';
import type { LiveTracks } from './live-tracks.ts';

/** Givers a show's leaderboard lists; a summary names the first few of them. */
export const BOARD_SIZE = 10;
const SUMMARY_GIVERS = 3;

export interface LiveServiceDeps {
  db: Db;
  log: FastifyBaseLogger;
  events: LiveLog;
  agents: Pick<AgentsService, 'owned' | 'visible'>;
  /** Agents by id, deleted ones too, with whether others may see them (public, published, not deleted). */
  stageAgents(ids: string[]): Promise<Map<string, StageAgent & { shown: boolean }>>;
  isFollowingAgent(userId: string, agentId: string): Promise<boolean>;
  ownedItem(userId: string, itemId: string): Promise<StoreItemRow | null>;
  ownedScenes(userId: string): Promise<StoreItemRow[]>;
  tracks: LiveTracks;
  storage: Storage;
  /** Asks the agent to take its next turn (greet, thank, answer). */
  kickTalk(showId: string): Promise<void>;
  /** Dances the songs of a new show that came without moves. */
  prepare(showId: string): Promise<void>;
}

const nameLang = (lang: Language) => (lang === 'zh_TW' ? 'zhTW' : 'en');

/**
 * Live shows (docs/live.md): the owner opens one for a published agent with a stage and a
 * playlist, changes its settings and ends it; anyone who may see it watches. Blocks hide a show
 * from both sides as if it did not exist.
 */
export function liveService(deps: LiveServiceDeps) {
  const repo = liveRepository(deps.db);

  /** Shows with their agents; a show whose agent others may no longer see is left out but for its owner. */
  async function withAgents(rows: ShowWithOwner[], viewerId: string | null): Promise<ShowWithAgent[]> {
    const agents = await deps.stageAgents([...new Set(rows.map((r) => r.show.agentId))]);
    return rows.flatMap((row) => {
      const agent = agents.get(row.show.agentId);
      return agent && (agent.shown || viewerId === row.show.ownerId) ? [{ ...row, agent }] : [];
    });
  }

  /** A show the viewer may see: 9501 for none, for one across a block with its owner, and for one whose agent went out of sight. */
  async function visibleShow(viewerId: string | null, showId: string): Promise<ShowWithAgent> {
    const found = await repo.withOwner(showId);
    const [row] = found ? await withAgents([found], viewerId) : [];
    if (!row || (viewerId && viewerId !== row.show.ownerId && (await blockedBetween(deps.db, viewerId, row.show.ownerId)))) throw new AppError(ErrorCode.LIVE_NOT_FOUND);
    return row;
  }

  /** The caller's own show: 9501 when they may not see it, 403 when it is someone else's. */
  async function ownShow(userId: string, showId: string): Promise<ShowWithAgent> {
    const row = await visibleShow(userId, showId);
    if (row.show.ownerId !== userId) throw forbidden();
    return row;
  }

  async function present(row: ShowWithAgent, viewerId: string | null): Promise<LiveShow> {
    const { show } = row;
    const member = viewerId ? await repo.member(show.id, viewerId) : null;
    const following = viewerId && show.chatPolicy === 'followers' ? await deps.isFollowingAgent(viewerId, show.agentId) : false;
    const board = await repo.board(show.id, BOARD_SIZE);
    return {
      ...presentCard(row),
      state: show.state,
      scene: show.scene,
      playlist: show.playlist,
      greeting: show.greeting,
      chatPolicy: show.chatPolicy,
      slowModeSeconds: show.slowModeSeconds,
      endedAt: show.endedAt?.toISOString() ?? null,
      lastSeq: show.lastSeq,
      board,
      summary: show.state === 'ended' ? presentSummary(show, board.slice(0, SUMMARY_GIVERS)) : null,
      me: { isOwner: viewerId === show.ownerId, signedIn: viewerId !== null, muted: member?.muted ?? false, chatRefusal: chatRefusal(show, viewerId, member, following) },
    };
  }

  async function sceneFor(userId: string, sceneId: string) {
    if ((LIVE_DEFAULT_SCENES as readonly string[]).includes(sceneId)) {
      return { id: sceneId, kind: 'default' as const, name: DEFAULT_SCENE_NAMES[sceneId as (typeof LIVE_DEFAULT_SCENES)[number]], cover: null };
    }
    const uuid = /^[0-9a-f-]{36}$/i.test(sceneId);
    const item = uuid ? await deps.ownedItem(userId, sceneId) : null;
    if (item?.category !== 'Scene') throw new AppError(ErrorCode.LIVE_SCENE_NOT_OWNED);
    return { id: item.id, kind: 'item' as const, name: { en: item.nameEn, zhTW: item.nameZhTw }, cover: item.cover };
  }

  async function storeCover(base64: string): Promise<string> {
    const bytes = Buffer.from(base64, 'base64');
    const clean = bytes.length > 0 && bytes.length <= LIVE_LIMITS.coverBytes ? await cleanImage(bytes) : null;
    if (!clean) throw new AppError(ErrorCode.LIVE_COVER_INVALID);
    return deps.storage.put(`${LIVE_FOLDER}covers/${randomUUID()}.${clean.ext}`, clean.body, clean.contentType);
  }

  async function endShow(showId: string) {
    await deps.events.commit(showId, async (tx) => {
      const r = liveRepository(tx);
      await r.lock(showId);
      const ended = await r.end(showId, new Date());
      if (!ended) return { result: null, events: [] };
      const summary = presentSummary(ended, await r.board(showId, SUMMARY_GIVERS));
      return { result: null, events: [await deps.events.add(tx, showId, { kind: 'end', user: null, body: { summary } }, false)] };
    });
  }

  async function settingsEvent(show: LiveShowRow) {
    return { kind: 'settings' as const, user: null, body: { chatPolicy: show.chatPolicy, slowModeSeconds: show.slowModeSeconds, greeting: show.greeting, title: show.title } };
  }

  return {
    visibleShow,
    ownShow,

    async options(userId: string, agentId: string, lang: Language) {
      await deps.agents.owned(userId, agentId);
      const items = await deps.ownedScenes(userId);
      const tracks = await deps.tracks.offered(userId, nameLang(lang));
      const live = await repo.liveOfAgent(agentId);
      return {
        scenes: [...defaultScenes(), ...items.map((i) => ({ id: i.id, kind: 'item' as const, name: { en: i.nameEn, zhTW: i.nameZhTw }, cover: i.cover }))],
        tracks: tracks.map(({ audio: _audio, dance, ...t }) => ({ ...t, danced: dance !== null })),
        showId: live?.show.id ?? null,
      };
    },

    async start(userId: string, input: CallInput<typeof calls.live.start>, lang: Language): Promise<LiveShow> {
      const agent = await deps.agents.owned(userId, input.agentId);
      if (!agent.publishedAt || !agent.isPublic) throw new AppError(ErrorCode.LIVE_AGENT_NOT_PUBLISHED);
      if (await repo.liveOfAgent(agent.id)) throw new AppError(ErrorCode.LIVE_ALREADY_LIVE);
      if (input.playlist.length === 0) throw new AppError(ErrorCode.LIVE_PLAYLIST_EMPTY);
      const scene = await sceneFor(userId, input.sceneId);
      const playlist = await deps.tracks.resolve(userId, input.playlist, nameLang(lang));
      const cover = input.cover ? await storeCover(input.cover) : null;
      let show: LiveShowRow;
      try {
        show = await repo.insert({
          agentId: agent.id,
          ownerId: userId,
          title: input.title,
          cover,
          scene,
          playlist,
          greeting: input.greeting,
          chatPolicy: input.chatPolicy,
          slowModeSeconds: input.slowModeSeconds,
        });
      } catch (error) {
        // two starts at once: the one-show-per-agent index lets one through
        if (await repo.liveOfAgent(agent.id)) throw new AppError(ErrorCode.LIVE_ALREADY_LIVE);
        throw error;
      }
      if (playlist.some((t) => t.dance === null)) await deps.prepare(show.id);
      return present(await visibleShow(userId, show.id), userId);
    },

    async update(userId: string, input: CallInput<typeof calls.live.update>): Promise<LiveShow> {
      await ownShow(userId, input.showId);
      await deps.events.commit(input.showId, async (tx) => {
        const r = liveRepository(tx);
        const show = await r.lock(input.showId);
        if (show?.state !== 'live') throw new AppError(ErrorCode.LIVE_ENDED);
        const changed = (await r.update(show.id, { title: input.title, greeting: input.greeting, chatPolicy: input.chatPolicy, slowModeSeconds: input.slowModeSeconds })) as LiveShowRow;
        return { result: null, events: [await deps.events.add(tx, show.id, await settingsEvent(changed))] };
      });
      return present(await ownShow(userId, input.showId), userId);
    },

    /** Ends the owner's show; every viewer gets the summary and their stream closes. Ending twice answers the ended show. */
    async end(userId: string, showId: string): Promise<LiveShow> {
      await ownShow(userId, showId);
      await endShow(showId);
      return present(await ownShow(userId, showId), userId);
    },

    /**
     * Ends the shows nobody, their owners included, has watched for `idleMs` (a show left on does
     * not stay listed for ever), and those whose agent others may no longer see (deleted, private
     * or unpublished since it went live). Answers how many ended.
     */
    async sweep(idleMs: number): Promise<number> {
      const live = await repo.liveShows();
      const agents = await deps.stageAgents([...new Set(live.map((s) => s.agentId))]);
      const ids = new Set([...(await repo.unwatched(idleMs)), ...live.filter((s) => !agents.get(s.agentId)?.shown).map((s) => s.id)]);
      for (const id of ids) await endShow(id);
      return ids.size;
    },

    async get(viewerId: string | null, showId: string): Promise<LiveShow> {
      return present(await visibleShow(viewerId, showId), viewerId);
    },

    async ofAgent(viewerId: string | null, agentId: string) {
      await deps.agents.visible(viewerId, agentId);
      const found = await repo.liveOfAgent(agentId);
      const [row] = found ? await withAgents([found], viewerId) : [];
      if (!row || (viewerId && viewerId !== row.show.ownerId && (await blockedBetween(deps.db, viewerId, row.show.ownerId)))) return { show: null };
      return { show: presentCard(row) };
    },

    async list(viewerId: string | null, cursor: string | undefined, limit: number) {
      // most watched first: the viewers are the score of the list's cursor
      const rows = await repo.live(viewerId, decodeScoreCursor(cursor), limit);
      const page = toScoredPage(rows, limit, (r) => ({ score: r.show.viewers, at: r.show.startedAt, id: r.show.id }));
      // a show whose agent went out of sight is ended by the sweep within a minute; until then it is not listed
      return { items: (await withAgents(page.items, null)).map(presentCard), nextCursor: page.nextCursor };
    },

    async events(viewerId: string | null, showId: string, after: number, limit: number) {
      const { show } = await visibleShow(viewerId, showId);
      if (viewerId && (await repo.member(showId, viewerId))?.removed) throw new AppError(ErrorCode.LIVE_REMOVED, 403);
      return { items: presentEvents(await repo.events(showId, after, limit)), lastSeq: show.lastSeq };
    },

    /**
     * Who may open a show's stream: anyone who may see it, but not a person the owner removed.
     * A signed-in viewer's first arrival asks the agent to greet them. Answers whether the show is
     * on (an ended show's stream ends after what the viewer missed).
     */
    async enter(viewerId: string | null, showId: string): Promise<{ live: boolean }> {
      const { show } = await visibleShow(viewerId, showId);
      const live = show.state === 'live';
      if (!viewerId || viewerId === show.ownerId) return { live };
      const member = await repo.member(showId, viewerId);
      if (member?.removed) throw new AppError(ErrorCode.LIVE_REMOVED, 403);
      if (live && !member && (await repo.join(showId, viewerId))) await deps.kickTalk(showId).catch((err: unknown) => deps.log.warn({ err, showId }, 'live talk not asked to greet'));
      return { live };
    },
  };
}

export type LiveService = ReturnType<typeof liveService>;
