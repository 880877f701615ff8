import { defineModule } from '../../platform/module.ts';
import { realtimeRoutes } from './realtime.routes.ts';

/** Realtime: the signed-in user's server-sent events. */
export const realtimeModule = defineModule({
  name: 'realtime',
  setup: (ctx) => ({ routes: (app) => realtimeRoutes(app, { bus: ctx.bus, authenticate: ctx.authenticate }) }),
});
