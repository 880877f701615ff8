import { calls } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import type { ExchangeService } from './exchange.service.ts';

export function exchangeRoutes(app: FastifyInstance, deps: { exchange: ExchangeService; authenticate: Authenticate }) {
  registerCall(app, calls.exchange.rates, deps.authenticate, async () => deps.exchange.rates());
  registerCall(app, calls.exchange.setRate, deps.authenticate, async ({ user, input }) => deps.exchange.setRate(user.id, input.target, input.perDiamond));
  registerCall(app, calls.exchange.exchange, deps.authenticate, async ({ user, input }) => deps.exchange.exchange(user.id, input));
}
