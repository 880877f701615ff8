import { calls } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import type { GiftsService } from './gifts.service.ts';

const c = calls.gifts;

export function giftsRoutes(app: FastifyInstance, deps: { gifts: GiftsService; authenticate: Authenticate }) {
  const { gifts, authenticate } = deps;
  registerCall(app, c.list, authenticate, async ({ user }) => gifts.list(user?.id ?? null));
  registerCall(app, c.send, authenticate, async ({ user, input }) => gifts.send(user.id, input));
  registerCall(app, c.wall, authenticate, async ({ user, input }) => gifts.wall(user?.id ?? null, input.agentId));
  registerCall(app, c.leaderboard, authenticate, async ({ user, input }) => gifts.leaderboard(user?.id ?? null, input.agentId));
}
