import { calls, VOICE_CLIP_LIMITS } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import { presentVoice, type EngineNames } from './voices.presenter.ts';
import type { VoicesService } from './voices.service.ts';

// base64 grows 4/3; the slack lets a clip a little over the limit reach the check that names the rule
const CLONE_BODY_LIMIT = Math.ceil((VOICE_CLIP_LIMITS.maxBytes * 4) / 3) + 256 * 1024;

/** The voices feature's calls: catalogue, cloning (a job, voices.jobs.ts), preview. */
export function voicesRoutes(app: FastifyInstance, deps: { voices: VoicesService; engines: EngineNames; authenticate: Authenticate }) {
  const { voices, engines, authenticate } = deps;
  const c = calls.voices;

  registerCall(app, c.list, authenticate, async ({ user, input, lang }) => {
    const page = await voices.list(input.tab, user, input.cursor, input.limit);
    const purchased = await voices.purchased(user?.id ?? null, page.items);
    return { items: page.items.map((row) => presentVoice(row, engines, lang, purchased)), nextCursor: page.nextCursor };
  });

  registerCall(app, c.detail, authenticate, async ({ user, input, lang }) => {
    const row = await voices.detail(input.id, user);
    return presentVoice(row, engines, lang, await voices.purchased(user?.id ?? null, [row]));
  });

  registerCall(app, c.buy, authenticate, async ({ user, input, lang }) => {
    const bought = await voices.buy(user, input.voiceId, input.key, input.priceDiamonds);
    return { voice: presentVoice(bought.voice, engines, lang, await voices.purchased(user.id, [bought.voice])), replayed: bought.replayed };
  });

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
    registerCall(scope, c.clone, authenticate, async ({ user, input, lang }) => {
      const row = await voices.clone(user, { name: input.name, gender: input.gender, language: input.language, audio: Buffer.from(input.audio, 'base64') });
      return presentVoice(row, engines, lang, new Set([row.id]));
    });
  });
}
