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
  registerCall(app, c.skills, deps.authenticate, async () => deps.economy.skills());
  registerCall(app, c.saveSkill, deps.authenticate, async ({ input }) => deps.economy.saveSkill(input));
  registerCall(app, c.voices, deps.authenticate, async () => deps.economy.voices());
  registerCall(app, c.saveVoice, deps.authenticate, async ({ input }) => deps.economy.saveVoice(input));
  registerCall(app, c.gifts, deps.authenticate, async () => deps.economy.gifts());
  registerCall(app, c.saveGift, deps.authenticate, async ({ input }) => deps.economy.saveGift(input));
}
