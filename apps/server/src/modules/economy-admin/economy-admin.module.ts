import { defineModule } from '../../platform/module.ts';
import { agentsModule } from '../agents/agents.module.ts';
import { giftsModule } from '../gifts/gifts.module.ts';
import { voicesModule } from '../voices/voices.module.ts';
import { ledgerModule } from '../ledger/ledger.module.ts';
import { noticesModule } from '../notices/notices.module.ts';
import { rechargeModule } from '../recharge/recharge.module.ts';
import { usersModule } from '../users/users.module.ts';
import { economyAdminRoutes } from './economy-admin.routes.ts';
import { economyAdminService } from './economy-admin.service.ts';

/** The admin economy console: balances and ledger records of a person, adjustments, recharge packages, prices of skills, voices and gifts. */
export const economyAdminModule = defineModule({
  name: 'economyAdmin',
  setup(ctx) {
    const economy = economyAdminService({
      ledger: ctx.use(ledgerModule),
      users: ctx.use(usersModule),
      notices: ctx.use(noticesModule),
      recharge: ctx.use(rechargeModule),
      agents: ctx.use(agentsModule),
      voices: ctx.use(voicesModule),
      gifts: ctx.use(giftsModule),
      log: ctx.log,
    });
    return { service: economy, routes: (app) => economyAdminRoutes(app, { economy, authenticate: ctx.authenticate }) };
  },
});
