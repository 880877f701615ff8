import { calls, WORK_LIMITS } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import type { ReactionsService } from './reactions.service.ts';
import { presentWork } from './works.presenter.ts';
import type { WorksService } from './works.service.ts';

// base64 grows a file by 4/3; the rest of the JSON body is small
const UPLOAD_BODY_LIMIT = Math.ceil((WORK_LIMITS.videoBytes * 4) / 3) + 64 * 1024;

/** The works feature's calls. A plugin scope, so the upload's larger body limit stays its own. */
export async function worksRoutes(app: FastifyInstance, deps: { works: WorksService; reactions: ReactionsService; authenticate: Authenticate }) {
  await app.register(async (scope) => {
    const { works, authenticate } = deps;
    const c = calls.works;
    scope.addHook('onRoute', (route) => {
      if (route.url === c.upload.path) route.bodyLimit = UPLOAD_BODY_LIMIT;
    });

    registerCall(scope, c.upload, authenticate, async ({ user, input }) => works.upload(user.id, input.kind, input.data));
    registerCall(scope, c.create, authenticate, async ({ user, input }) => presentWork(await works.create(user.id, input), user.id));
    registerCall(scope, c.update, authenticate, async ({ user, input: { id, ...fields } }) => presentWork(await works.update(user.id, id, fields), user.id));
    registerCall(scope, c.publish, authenticate, async ({ user, input }) => presentWork(await works.publish(user.id, input.id), user.id));
    registerCall(scope, c.unpublish, authenticate, async ({ user, input }) => presentWork(await works.unpublish(user.id, input.id), user.id));
    registerCall(scope, c.delete, authenticate, async ({ user, input }) => ({ deleted: await works.remove(user.id, input.id) }));
    registerCall(scope, c.get, authenticate, async ({ user, input }) => presentWork(await works.get(user?.id ?? null, input.id), user?.id ?? null));
    registerCall(scope, c.mine, authenticate, async ({ user, input }) => {
      const page = await works.mine(user.id, input.cursor, input.limit);
      return { items: page.items.map((row) => presentWork(row, user.id)), nextCursor: page.nextCursor };
    });
    reactionRoutes(scope, deps);
  });
}

/** Likes and collections (reactions.service.ts). */
function reactionRoutes(scope: FastifyInstance, deps: { reactions: ReactionsService; authenticate: Authenticate }) {
  const { reactions, authenticate } = deps;
  const c = calls.works;
  registerCall(scope, c.like, authenticate, async ({ user, input }) => reactions.like(user, input.id));
  registerCall(scope, c.unlike, authenticate, async ({ user, input }) => reactions.unlike(user.id, input.id));
  registerCall(scope, c.collect, authenticate, async ({ user, input }) => reactions.collect(user.id, input.id));
  registerCall(scope, c.uncollect, authenticate, async ({ user, input }) => reactions.uncollect(user.id, input.id));
  registerCall(scope, c.collections, authenticate, async ({ user, input }) => {
    const page = await reactions.collections(user.id, input.cursor, input.limit);
    return { items: page.items.map((row) => presentWork(row, user.id)), nextCursor: page.nextCursor };
  });
  registerCall(scope, c.likedBy, authenticate, async ({ user, input }) => {
    const page = await reactions.likedBy(user?.id ?? null, input.userId, input.cursor, input.limit);
    return { items: page.items.map((row) => presentWork(row, user?.id ?? null)), nextCursor: page.nextCursor };
  });
}
