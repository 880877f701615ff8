import { defineModule } from '../../platform/module.ts';
import { realtimeRoutes } from './realtime.routes.ts';
import { memoryStreamSlots, redisStreamSlots } from './stream-slots.ts';

/** Realtime: the signed-in user's server-sent events. */
export const realtimeModule = defineModule({
  name: 'realtime',
  setup(ctx) {
    // with Redis every instance counts a user's streams together, as a balancer spreads them
    const slots = ctx.redis ? redisStreamSlots(ctx.redis, ctx.redisPrefix, (err) => ctx.log.warn({ err }, 'realtime stream leases')) : memoryStreamSlots();
    return { routes: (app) => realtimeRoutes(app, { bus: ctx.bus, authenticate: ctx.authenticate, slots }) };
  },
});
