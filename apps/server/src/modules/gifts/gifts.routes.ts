import { calls, ErrorCode } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import type { GiftsService } from './gifts.service.ts';

const c = calls.gifts;

export function giftsRoutes(app: FastifyInstance, deps: { gifts: GiftsService; authenticate: Authenticate }) {
  const { gifts, authenticate } = deps;
  registerCall(app, c.list, authenticate, async ({ user }) => gifts.list(user?.id ?? null));
  registerCall(app, c.send, authenticate, async ({ user, input, req }) => {
    try {
      return await gifts.send(user.id, input);
    } catch (error) {
      if (error instanceof AppError) throw error;
      // anything unforeseen reads "Send gift failed" (SPEC §8); the log keeps what it was
      req.log.error({ err: error }, 'gift send failed');
      throw new AppError(ErrorCode.GIFT_SEND_FAILED);
    }
  });
  registerCall(app, c.wall, authenticate, async ({ user, input }) => gifts.wall(user?.id ?? null, input.agentId));
  registerCall(app, c.leaderboard, authenticate, async ({ user, input }) => gifts.leaderboard(user?.id ?? null, input.agentId));
}
