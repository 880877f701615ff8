import { randomUUID } from 'node:crypto';
import { createChatModel } from '../../ai/chat/index.ts';
import { createDanceModel } from '../../ai/dance/index.ts';
import { defineModule } from '../../platform/module.ts';
import { agentsModule } from '../agents/agents.module.ts';
import { agentsRepository } from '../agents/agents.repository.ts';
import { giftsModule } from '../gifts/gifts.module.ts';
import { socialRepository } from '../social/social.repository.ts';
import { storeModule } from '../store/store.module.ts';
import { usersModule } from '../users/users.module.ts';
import { speakingVoice } from '../voices/speaking-voice.ts';
import { worksModule } from '../works/works.module.ts';
import { liveActions } from './live-actions.ts';
import { memoryLiveChannel, memoryViewerCounts, redisLiveChannel, redisViewerCounts } from './live-channel.ts';
import { liveHub } from './live-hub.ts';
import { liveLog } from './live-log.ts';
import { livePrepare } from './live-prepare.ts';
import { liveTalk } from './live-talk.ts';
import { liveTracks } from './live-tracks.ts';
import { LIVE_IDLE_MS, LIVE_PREPARE_JOB, LIVE_SWEEP_JOB, LIVE_TALK_JOB } from './live.jobs.ts';
import { frameOf, presentEvents } from './live.presenter.ts';
import { liveRepository } from './live.repository.ts';
import { liveRoutes } from './live.routes.ts';
import { liveService } from './live.service.ts';
import { LIVE_LIMITS } from '@starlit/contract';

/** How long the agent waits after a turn that failed before the next. */
const TALK_RETRY_MS = 2_000;

/** How often each instance reports its viewers and reads the total. */
const COUNT_EVERY_MS = 2_000;

/** Live shows: the stage, its clock and playlist, chat, gifts, moderation and the agent's talk (docs/live.md). */
export const liveModule = defineModule({
  name: 'live',
  setup(ctx) {
    const { database, jobs, storage, log, speech, redis, redisPrefix, config } = ctx;
    const db = database.db;
    const repo = liveRepository(db);
    const onError = (err: unknown) => log.warn({ err }, 'live channel error');
    const hub = liveHub({
      channel: redis ? redisLiveChannel(redis, redisPrefix, onError) : memoryLiveChannel(),
      counts: redis ? redisViewerCounts(redis, redisPrefix, randomUUID(), COUNT_EVERY_MS * 3) : memoryViewerCounts(),
      catchUp: async (showId, after, limit, through) => presentEvents(await repo.events(showId, after, limit, through)).map(frameOf),
      lastSeq: async (showId) => (await repo.byId(showId))?.lastSeq ?? 0,
      onCount: (showId, total) => repo.setViewers(showId, total),
      log,
      catchUpLimit: LIVE_LIMITS.catchUp,
      countEveryMs: COUNT_EVERY_MS,
    });
    const events = liveLog({ db, hub, log });
    const store = ctx.use(storeModule);
    const works = ctx.use(worksModule);
    const social = socialRepository(db);
    const agents = agentsRepository(db);
    const isFollowingAgent = (userId: string, agentId: string) => social.isFollowingAgent(userId, agentId);
    const kickTalk = async (showId: string) => void (await jobs.enqueue(db, LIVE_TALK_JOB, { showId }));
    const shows = liveService({
      db,
      log,
      events,
      agents: ctx.use(agentsModule),
      stageAgents: async (ids) => {
        const rows = await agents.withDeleted(ids);
        return new Map(
          rows.map((a) => [a.id, { id: a.id, nickname: a.nickname, avatar: a.avatar, avatarKind: a.avatarKind, avatarVrm: a.avatarVrm, shown: !a.deletedAt && a.isPublic && a.publishedAt !== null }]),
        );
      },
      isFollowingAgent,
      ownedItem: (userId, itemId) => store.ownedItem(userId, itemId),
      ownedScenes: async (userId) => (await store.list(userId, 'Scene')).map((r) => r.item),
      tracks: liveTracks({
        storage,
        sources: {
          ownedMusic: async (userId) => (await store.list(userId, 'Music')).map((r) => r.item),
          ownedItem: (userId, itemId) => store.ownedItem(userId, itemId),
          playableWorks: (userId, limit) => works.playableBy(userId, limit),
          work: (id) => works.byId(id),
        },
      }),
      storage,
      kickTalk,
      prepare: async (showId) => void (await jobs.enqueue(db, LIVE_PREPARE_JOB, { showId })),
    });
    const actions = liveActions({ db, events, shows, gifts: ctx.use(giftsModule), users: ctx.use(usersModule), isFollowingAgent, kickTalk, log });
    const agentsService = ctx.use(agentsModule);
    const talk = liveTalk({
      db,
      chatModel: ctx.chatModel ?? createChatModel(config.chat),
      speech,
      storage,
      events,
      agent: (agentId) => agents.byId(agentId),
      // the show is its owner's: the agent speaks with its own voice
      voice: async (agent, lang) => speakingVoice(db, await agentsService.speakingVoice(agent.id), agent.gender, lang),
      log,
    });
    const prepare = livePrepare({
      db,
      storage,
      danceModel: createDanceModel(config.dance),
      events,
      modelOf: async (agentId) => {
        const agent = await agents.byId(agentId);
        const key = agent?.avatarVrm ? storage.keyOf(agent.avatarVrm) : null;
        return { name: agent?.nickname ?? '', vrm: key ? await storage.read(key) : null };
      },
      log,
    });
    return {
      service: { shows, actions, hub },
      routes: (app) => liveRoutes(app, { shows, actions, hub, authenticate: ctx.authenticate }),
      // shows a stopped server left on take up their agents' talk
      async ready() {
        for (const { id } of await repo.liveShows()) await kickTalk(id);
      },
      close: () => hub.close(),
      jobs: {
        [LIVE_TALK_JOB]: {
          turn: (payload, jobCtx) => talk.turn(payload.showId, jobCtx.signal),
          async settled(payload, status) {
            const wait = await talk.nextTurnIn(payload.showId).catch(() => null);
            if (wait === null) return;
            const show = await repo.byId(payload.showId);
            const speaking = show?.speakingUntil ? show.speakingUntil.getTime() - Date.now() : 0;
            // a turn that failed waits a moment: the same failure must not spin
            const delayMs = Math.max(wait, speaking, status === 'done' ? 0 : TALK_RETRY_MS);
            await jobs.enqueue(db, LIVE_TALK_JOB, payload, { delayMs });
          },
        },
        [LIVE_PREPARE_JOB]: { prepare: (payload, jobCtx) => prepare(payload.showId, jobCtx.signal) },
        [LIVE_SWEEP_JOB]: { sweep: () => shows.sweep(LIVE_IDLE_MS) },
      },
    };
  },
});
