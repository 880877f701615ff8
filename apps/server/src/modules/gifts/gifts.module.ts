import { defineModule } from '../../platform/module.ts';
import { agentsModule } from '../agents/agents.module.ts';
import { ledgerModule } from '../ledger/ledger.module.ts';
import { noticesModule } from '../notices/notices.module.ts';
import { usersModule } from '../users/users.module.ts';
import { giftsRoutes } from './gifts.routes.ts';
import { giftsService } from './gifts.service.ts';

/** Gifts: sending them to agents, paid through the ledger, and each agent's gift wall and leaderboard. */
export const giftsModule = defineModule({
  name: 'gifts',
  setup(ctx) {
    const gifts = giftsService({ db: ctx.database.db, ledger: ctx.use(ledgerModule), agents: ctx.use(agentsModule), notices: ctx.use(noticesModule), users: ctx.use(usersModule), log: ctx.log });
    return { service: gifts, routes: (app) => giftsRoutes(app, { gifts, authenticate: ctx.authenticate }) };
  },
});
