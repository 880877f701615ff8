import { createDanceModel } from '../../ai/dance/index.ts';
import { createImageModel } from '../../ai/image/create-image-model.ts';
import { createMusicModel } from '../../ai/music/create-music-model.ts';
import { defineModule } from '../../platform/module.ts';
import { agentsRepository } from '../agents/agents.repository.ts';
import { agentsModule } from '../agents/agents.module.ts';
import { ledgerModule } from '../ledger/ledger.module.ts';
import { moderationModule } from '../moderation/moderation.module.ts';
import { storeModule } from '../store/store.module.ts';
import { worksModule } from '../works/works.module.ts';
import { CREATION_JOB } from './creation.jobs.ts';
import { creationRoutes } from './creation.routes.ts';
import { creationService } from './creation.service.ts';
import { creationUploads } from './creation.uploads.ts';
import type { AgentAccess } from './workflows/agent-access.ts';
import { img2ImgWorkflow } from './workflows/img2img.ts';
import { danceSources } from './workflows/dance-sources.ts';
import { music2DanceWorkflow } from './workflows/music2dance.ts';
import { text2ImgWorkflow, type AgentLook } from './workflows/text2img.ts';
import { text2MusicWorkflow } from './workflows/text2music.ts';

/** How often creations whose job ended without settling them are looked for (besides at start). */
const RECONCILE_EVERY_MS = 60_000;

/** The creation studio: charged background creations with live progress (docs/creation.md, Creation jobs). */
export const creationModule = defineModule({
  name: 'creation',
  setup(ctx) {
    const { config, database, jobs, bus, storage, log } = ctx;
    const agents = ctx.use(agentsModule);
    const imageModel = createImageModel(config.image);
    const musicModel = createMusicModel(config.music);
    const agentLook = async (agentId: string): Promise<AgentLook | null> => {
      const agent = await agentsRepository(database.db).byId(agentId);
      if (!agent) return null;
      const pictureKey = agent.avatar ? storage.keyOf(agent.avatar) : null;
      return { name: agent.nickname, words: agent.roleIntro.slice(0, 200), picture: pictureKey ? await storage.read(pictureKey) : null };
    };
    const store = ctx.use(storeModule);
    const uploads = creationUploads({ storage });
    const agentAccess: AgentAccess = { owned: (tx, userId, agentId) => agents.owned(userId, agentId, tx), workingSkills: (tx, agentId) => agents.workingSkills(agentId, tx) };
    const creation = creationService({
      db: database.db,
      ledger: ctx.use(ledgerModule),
      jobs: { enqueue: (tx, payload) => jobs.enqueue(tx, CREATION_JOB, payload), get: jobs.get, cancel: jobs.cancel, wake: jobs.wake },
      storage,
      bus,
      uploads,
      promptWords: ctx.use(moderationModule).promptWords,
      workflows: {
        text2Img: text2ImgWorkflow({ imageModel, agents: agentAccess, agentLook }),
        img2Img: img2ImgWorkflow({ imageModel, uploads }),
        text2Music: text2MusicWorkflow({ musicModel }),
        music2Dance: music2DanceWorkflow({ danceModel: createDanceModel(config.dance), agents: agentAccess, uploads, storage, sources: danceSources(store), db: database.db }),
      },
      delayMs: config.creationDelayMs,
      works: ctx.use(worksModule),
    });
    let timer: NodeJS.Timeout | undefined;
    return {
      service: creation,
      routes: (app) => creationRoutes(app, { creation, authenticate: ctx.authenticate }),
      async ready() {
        await creation.reconcile();
        timer = setInterval(() => void creation.reconcile().catch((error) => log.error({ err: error }, 'creation reconcile failed')), RECONCILE_EVERY_MS);
        timer.unref();
      },
      close: () => clearInterval(timer),
      jobs: { [CREATION_JOB]: { run: (payload, jobCtx) => creation.run(payload, jobCtx), settled: (payload, status) => creation.settled(payload, status) } },
    };
  },
});
