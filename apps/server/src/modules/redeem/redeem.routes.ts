import { calls } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import type { RedeemService } from './redeem.service.ts';

export function redeemRoutes(app: FastifyInstance, deps: { redeem: RedeemService; authenticate: Authenticate }) {
  registerCall(app, calls.redeem.createBatch, deps.authenticate, async ({ user, input }) => deps.redeem.createBatch(user.id, input));
  registerCall(app, calls.redeem.redeem, deps.authenticate, async ({ user, input }) => deps.redeem.redeem(user.id, input.code));
}
