import { AVATAR_LIMITS, calls } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import type { AvatarsService } from './avatars.service.ts';

// base64 grows a file by 4/3; the rest of the JSON body is small
const uploadBodyLimit = (bytes: number) => Math.ceil((bytes * 4) / 3) + 64 * 1024;

/** The avatars feature's calls. A plugin scope, so its larger upload body limits stay its own. */
export async function avatarsRoutes(app: FastifyInstance, deps: { avatars: AvatarsService; authenticate: Authenticate }) {
  await app.register(async (scope) => {
    const { avatars: service, authenticate } = deps;
    const c = calls.avatars;
    const limits: Record<string, number> = {
      [c.upload2d.path]: uploadBodyLimit(AVATAR_LIMITS.imageBytes),
      [c.generate2d.path]: uploadBodyLimit(AVATAR_LIMITS.imageBytes),
      [c.upload3d.path]: uploadBodyLimit(AVATAR_LIMITS.vrmBytes),
    };
    scope.addHook('onRoute', (route) => {
      const limit = limits[route.url];
      if (limit) route.bodyLimit = limit;
    });

    registerCall(scope, c.generate2d, authenticate, async ({ user, input }) => service.generate2d(user.id, input));
    registerCall(scope, c.status, authenticate, async ({ user, input, lang }) => service.status(user.id, input.jobId, lang));
    registerCall(scope, c.retry, authenticate, async ({ user, input }) => service.retry(user.id, input.jobId));
    registerCall(scope, c.get, authenticate, async ({ user, input, lang }) => service.get(user.id, input.agentId, lang));
    registerCall(scope, c.upload2d, authenticate, async ({ user, input }) => service.upload2d(user.id, input.agentId, input.image));
    registerCall(scope, c.upload3d, authenticate, async ({ user, input }) => service.upload3d(user.id, input.agentId, input.vrm));
    registerCall(scope, c.engine, authenticate, async () => service.engine());
    registerCall(scope, c.defaults3d, authenticate, async () => service.defaults3d());
    registerCall(scope, c.useDefault3d, authenticate, async ({ user, input }) => service.useDefault3d(user.id, input.agentId, input.modelId));
    registerCall(scope, c.setKind, authenticate, async ({ user, input }) => service.setKind(user.id, input.agentId, input.kind));
  });
}
