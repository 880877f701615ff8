import { calls } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import type { EconomyAdminService } from './economy-admin.service.ts';

export function economyAdminRoutes(app: FastifyInstance, deps: { economy: EconomyAdminService; authenticate: Authenticate }) {
  const c = calls.economyAdmin;
  registerCall(app, c.findUser, deps.authenticate, async ({ input }) => deps.economy.findUser(input.name));
  registerCall(app, c.balances, deps.authenticate, async ({ input }) => deps.economy.balances(input.userId));
  registerCall(app, c.adjust, deps.authenticate, async ({ user, input }) => deps.economy.adjust(user.id, input));
  registerCall(app, c.packages, deps.authenticate, async () => deps.economy.packages());
  registerCall(app, c.savePackage, deps.authenticate, async ({ input }) => deps.economy.savePackage(input));
}
