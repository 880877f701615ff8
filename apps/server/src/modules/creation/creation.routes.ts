import { calls } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import type { CreationService } from './creation.service.ts';

export function creationRoutes(app: FastifyInstance, deps: { creation: CreationService; authenticate: Authenticate }) {
  const c = calls.creation;
  const s = deps.creation;
  registerCall(app, c.estimate, deps.authenticate, async ({ user, input }) => s.estimate(user?.id ?? null, input.workflow));
  registerCall(app, c.create, deps.authenticate, async ({ user, input, lang }) => s.create(user.id, input, lang));
  registerCall(app, c.get, deps.authenticate, async ({ user, input, lang }) => s.get(user.id, input.id, lang));
  registerCall(app, c.list, deps.authenticate, async ({ user, input, lang }) => s.list(user.id, input, lang));
  registerCall(app, c.cancel, deps.authenticate, async ({ user, input, lang }) => s.cancel(user.id, input.id, lang));
  registerCall(app, c.retry, deps.authenticate, async ({ user, input, lang }) => s.retry(user.id, input.id, input.key, lang));
  registerCall(app, c.download, deps.authenticate, async ({ user, input }) => s.download(user.id, input.id));
}
