import { OPENAI_SPEECH_ENGINE } from '../../ai/speech/index.ts';
import { HTTP_CLONER_ENGINE } from '../../ai/voice/http-cloner.ts';
import { createVoiceCloner } from '../../ai/voice/index.ts';
import { defineModule } from '../../platform/module.ts';
import { agentsModule } from '../agents/agents.module.ts';
import { ledgerModule } from '../ledger/ledger.module.ts';
import { VOICE_CLONE_JOB } from './voices.jobs.ts';
import type { EngineNames } from './voices.presenter.ts';
import { voicesRepository } from './voices.repository.ts';
import { voicesRoutes } from './voices.routes.ts';
import { voicesService } from './voices.service.ts';

/** Voices: the catalogue, cloning as a job, previews. */
export const voicesModule = defineModule({
  name: 'voices',
  setup(ctx) {
    const { config, database, jobs, speech, log } = ctx;
    const agents = ctx.use(agentsModule);
    const voices = voicesService({
      voices: voicesRepository(database.db),
      storage: ctx.storage,
      speech,
      cloner: createVoiceCloner(config),
      log,
      voiceInUse: agents.voiceInUse,
      ledger: ctx.use(ledgerModule),
      enqueueClone: (voiceId) => jobs.enqueue(database.db, VOICE_CLONE_JOB, { voiceId }),
    });
    const engines: EngineNames = { 'espeak-ng': speech.engine, openai: OPENAI_SPEECH_ENGINE, 'clone-service': HTTP_CLONER_ENGINE };
    return {
      service: voices,
      jobs: { [VOICE_CLONE_JOB]: voices.cloning },
      routes: (app) => voicesRoutes(app, { voices, engines, authenticate: ctx.authenticate }),
      // clones a restart interrupted are queued again
      async ready() {
        const resumed = await voices.resumeClones();
        if (resumed) log.info(`resumed ${resumed} voice clone(s) a restart interrupted`);
      },
    };
  },
});
