import { calls } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import type { DailyTasksService } from './daily-tasks.service.ts';

/** The daily tasks' calls: all the signed-in person's own. */
export function dailyTasksRoutes(app: FastifyInstance, deps: { tasks: DailyTasksService; authenticate: Authenticate }) {
  const c = calls.dailyTasks;
  const s = deps.tasks;
  const auth = deps.authenticate;
  registerCall(app, c.overview, auth, async ({ user, lang }) => s.overview(user.id, lang));
  registerCall(app, c.create, auth, async ({ user, input, lang }) => s.create(user.id, input, lang));
  registerCall(app, c.get, auth, async ({ user, input, lang }) => s.get(user.id, input.id, lang));
  registerCall(app, c.list, auth, async ({ user, input, lang }) => s.list(user.id, input, lang));
  registerCall(app, c.cancel, auth, async ({ user, input, lang }) => s.cancel(user.id, input.id, lang));
  registerCall(app, c.retry, auth, async ({ user, input, lang }) => s.retry(user.id, input.id, input.key, lang));
  registerCall(app, c.reschedule, auth, async ({ user, input, lang }) => s.reschedule(user.id, input.id, input.publishAt, lang));
  registerCall(app, c.unschedule, auth, async ({ user, input, lang }) => s.unschedule(user.id, input.id, lang));
  registerCall(app, c.publish, auth, async ({ user, input, lang }) => s.publishNow(user.id, input.id, lang));
}
