import { createChatModel } from '../../ai/chat/index.ts';
import { createScriptWriter } from '../../ai/comic/script.ts';
import { createDanceModel } from '../../ai/dance/index.ts';
import { createImageModel } from '../../ai/image/create-image-model.ts';
import { createMusicModel } from '../../ai/music/create-music-model.ts';
import { createLyricsWriter } from '../../ai/song/lyrics.ts';
import { createSinger } from '../../ai/song/singer.ts';
import { comicToVideoPipeline } from '../../ai/tasks/comic-to-video.ts';
import { shareCard } from '../../ai/tasks/share-card.ts';
import { createSpeechWriter } from '../../ai/tasks/speech-script.ts';
import { textToComicPipeline } from '../../ai/tasks/text-to-comic.ts';
import { textToDancePipeline } from '../../ai/tasks/text-to-dance.ts';
import { textToImagePipeline } from '../../ai/tasks/text-to-image.ts';
import { textToSongPipeline } from '../../ai/tasks/text-to-song.ts';
import { textToSpeechPipeline } from '../../ai/tasks/text-to-speech.ts';
import { defineModule } from '../../platform/module.ts';
import { agentsModule } from '../agents/agents.module.ts';
import { creationUploads } from '../creation/creation.uploads.ts';
import { danceSources } from '../creation/workflows/dance-sources.ts';
import { DEFAULT_DANCER, songKeyOf } from '../creation/workflows/music2dance.ts';
import { ledgerModule } from '../ledger/ledger.module.ts';
import { moderationModule } from '../moderation/moderation.module.ts';
import { storeModule } from '../store/store.module.ts';
import { worksModule } from '../works/works.module.ts';
import { DAILY_TASK_JOB, DAILY_TASK_PUBLISH_JOB } from './daily-tasks.jobs.ts';
import { dailyTasksRoutes } from './daily-tasks.routes.ts';
import { dailyTasksService } from './daily-tasks.service.ts';
import { taskStars } from './task-stars.ts';

/** How often tasks a dead process left are looked for (besides at start). */
const RECONCILE_EVERY_MS = 60_000;

/** Daily AI tasks: a form becomes a finished piece starring an agent, published at once or on a schedule (docs/daily-tasks.md). */
export const dailyTasksModule = defineModule({
  name: 'dailyTasks',
  setup(ctx) {
    const { config, database, jobs, bus, storage, log, speech } = ctx;
    const db = database.db;
    const chatModel = ctx.chatModel ?? createChatModel(config.chat);
    const imageModel = createImageModel(config.image);
    const musicModel = createMusicModel(config.music);
    const sources = { sources: danceSources(ctx.use(storeModule)), storage, uploads: creationUploads({ storage }) };
    const comic = { writer: createScriptWriter(chatModel), imageModel };
    const tasks = dailyTasksService({
      db,
      ledger: ctx.use(ledgerModule),
      jobs: {
        run: (tx, payload) => jobs.enqueue(tx, DAILY_TASK_JOB, payload),
        publishAt: (h, payload, delayMs) => jobs.enqueue(h, DAILY_TASK_PUBLISH_JOB, payload, { delayMs }),
        get: jobs.get,
        cancel: jobs.cancel,
        wake: jobs.wake,
      },
      storage,
      bus,
      pipelines: {
        text_to_image: textToImagePipeline({ imageModel }),
        text_to_comic: textToComicPipeline(comic),
        text_to_speech: textToSpeechPipeline({ writer: createSpeechWriter(chatModel), speech }),
        text_to_song: textToSongPipeline({ writer: createLyricsWriter(chatModel), musicModel, singer: createSinger(config.singer) }),
        text_to_dance: textToDancePipeline({
          musicModel,
          danceModel: createDanceModel(config.dance),
          songKey: (userId, song) => songKeyOf(sources, db, userId, song),
          // a 2D agent dances as the built-in model, as the studio's dances without a 3D agent
          dancer: (run) => (run.star.modelKey ? { name: run.star.name, key: run.star.modelKey, shared: false } : { name: DEFAULT_DANCER.name, key: DEFAULT_DANCER.key, shared: true }),
        }),
        comic_to_video: comicToVideoPipeline({ ...comic, speech, musicModel }),
      },
      stars: taskStars({ db, storage, agents: ctx.use(agentsModule) }),
      songKey: (h, userId, song) => songKeyOf(sources, h, userId, song),
      card: shareCard,
      promptWords: ctx.use(moderationModule).promptWords,
      works: ctx.use(worksModule),
      delayMs: config.creationDelayMs,
      log,
    });
    let timer: NodeJS.Timeout | undefined;
    return {
      service: tasks,
      routes: (app) => dailyTasksRoutes(app, { tasks, authenticate: ctx.authenticate }),
      async ready() {
        await tasks.reconcile();
        timer = setInterval(() => void tasks.reconcile().catch((error) => log.error({ err: error }, 'daily task reconcile failed')), RECONCILE_EVERY_MS);
        timer.unref();
      },
      close: () => clearInterval(timer),
      jobs: {
        [DAILY_TASK_JOB]: { run: (payload, jobCtx) => tasks.run(payload, jobCtx), settled: (payload, status, jobId) => tasks.settled(payload, status, jobId) },
        [DAILY_TASK_PUBLISH_JOB]: { publish: (payload, jobCtx) => tasks.publishScheduled(payload, jobCtx) },
      },
    };
  },
});
