import { calls, VOICE_CLIP_LIMITS } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { createSpeechModel, OPENAI_SPEECH_ENGINE, type SpeechModel } from '../../ai/speech/index.ts';
import { HTTP_CLONER_ENGINE } from '../../ai/voice/http-cloner.ts';
import { createVoiceCloner } from '../../ai/voice/index.ts';
import type { VoiceCloner } from '../../ai/voice/voice-cloner.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AppJobs } from '../../jobs/registry.ts';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import { localStorage, type Storage } from '../../platform/storage.ts';
import { presentVoice, type EngineNames } from './voices.presenter.ts';
import { voicesRepository } from './voices.repository.ts';
import { VOICE_CLONE_JOB } from './voices.jobs.ts';
import { voicesService } from './voices.service.ts';

// base64 grows 4/3; the slack lets a clip a little over the limit reach the check that names the rule
const CLONE_BODY_LIMIT = Math.ceil((VOICE_CLIP_LIMITS.maxBytes * 4) / 3) + 256 * 1024;

export interface VoicesDeps {
  config: Pick<Config, 'mediaDir' | 'speech' | 'voiceClone'>;
  db: Db;
  jobs: Pick<AppJobs, 'enqueue' | 'provide'>;
  authenticate: Authenticate;
  /** Replacements for tests; by default from the config. */
  speech?: SpeechModel;
  cloner?: VoiceCloner;
  storage?: Storage;
  /** Whether an agent speaks with a voice (the agents feature answers). */
  voiceInUse: (voiceId: string) => Promise<boolean>;
}

/**
 * The voices feature: catalogue, cloning (a job, voices.jobs.ts), preview. Registers its calls
 * and queues again the clones a restart interrupted.
 */
export function voicesRoutes(app: FastifyInstance, deps: VoicesDeps) {
  const speech = deps.speech ?? createSpeechModel(deps.config);
  const voices = voicesService({
    voices: voicesRepository(deps.db),
    storage: deps.storage ?? localStorage(deps.config.mediaDir),
    speech,
    cloner: deps.cloner ?? createVoiceCloner(deps.config),
    log: app.log,
    voiceInUse: deps.voiceInUse,
    enqueueClone: (voiceId) => deps.jobs.enqueue(deps.db, VOICE_CLONE_JOB, { voiceId }),
  });
  deps.jobs.provide(VOICE_CLONE_JOB, voices.cloning);
  const engines: EngineNames = { 'espeak-ng': speech.engine, openai: OPENAI_SPEECH_ENGINE, 'clone-service': HTTP_CLONER_ENGINE };
  const { authenticate } = deps;
  const c = calls.voices;

  registerCall(app, c.list, authenticate, async ({ user, input, lang }) => {
    const page = await voices.list(input.tab, user, input.cursor, input.limit);
    return { items: page.items.map((row) => presentVoice(row, engines, lang)), nextCursor: page.nextCursor };
  });

  registerCall(app, c.detail, authenticate, async ({ user, input, lang }) => presentVoice(await voices.detail(input.id, user), engines, lang));

  registerCall(app, c.remove, authenticate, async ({ user, input }) => {
    await voices.remove(user, input.id);
    return { deleted: true };
  });

  registerCall(app, c.preview, authenticate, async ({ user, input }) => voices.preview(user, input));

  // only the upload carries a clip, so only it gets the larger body limit
  void app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit = CLONE_BODY_LIMIT;
    });
    registerCall(scope, c.clone, authenticate, async ({ user, input, lang }) =>
      presentVoice(await voices.clone(user, { name: input.name, gender: input.gender, language: input.language, audio: Buffer.from(input.audio, 'base64') }), engines, lang),
    );
  });

  app.addHook('onReady', async () => {
    const resumed = await voices.resumeClones();
    if (resumed) app.log.info(`resumed ${resumed} voice clone(s) a restart interrupted`);
  });
  return voices;
}
