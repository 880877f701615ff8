import { calls, CREATION_LIMITS } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import type { CreationService } from './creation.service.ts';

/** Base64 of the largest upload (a 20 MB song) and the JSON around it. */
const UPLOAD_BODY_LIMIT = Math.ceil((CREATION_LIMITS.songBytes * 4) / 3) + 64 * 1024;

/** The studio's calls. A plugin scope, so the upload's larger body limit stays its own. */
export async function creationRoutes(app: FastifyInstance, deps: { creation: CreationService; authenticate: Authenticate }) {
  await app.register(async (scope) => {
    const c = calls.creation;
    const s = deps.creation;
    const auth = deps.authenticate;
    scope.addHook('onRoute', (route) => {
      if (route.url === c.upload.path) route.bodyLimit = UPLOAD_BODY_LIMIT;
    });
    registerCall(scope, c.estimate, auth, async ({ user, input }) => s.estimate(user?.id ?? null, input));
    registerCall(scope, c.sameStyle, auth, async ({ user, input, lang }) => s.sameStyle(user.id, input, lang));
    registerCall(scope, c.upload, auth, async ({ user, input }) => s.upload(user.id, input));
    registerCall(scope, c.create, auth, async ({ user, input, lang }) => s.create(user.id, input, lang));
    registerCall(scope, c.get, auth, async ({ user, input, lang }) => s.get(user.id, input.id, lang));
    registerCall(scope, c.list, auth, async ({ user, input, lang }) => s.list(user.id, input, lang));
    registerCall(scope, c.cancel, auth, async ({ user, input, lang }) => s.cancel(user.id, input.id, lang));
    registerCall(scope, c.retry, auth, async ({ user, input, lang }) => s.retry(user.id, input.id, input.key, lang));
    registerCall(scope, c.download, auth, async ({ user, input }) => s.download(user.id, input.id));
    registerCall(scope, c.publish, auth, async ({ user, input, lang }) => s.publish(user.id, input, lang));
  });
}
