import { defineModule } from '../../platform/module.ts';
import { agentsModule } from '../agents/agents.module.ts';
import { noticesModule } from '../notices/notices.module.ts';
import { usersModule } from '../users/users.module.ts';
import { socialRoutes } from './social.routes.ts';
import { socialService } from './social.service.ts';

/** Social: follows of users and agents, blocks, and the counts profiles show. */
export const socialModule = defineModule({
  name: 'social',
  setup(ctx) {
    const social = socialService({ db: ctx.database.db, users: ctx.use(usersModule), agents: ctx.use(agentsModule), notices: ctx.use(noticesModule), limiter: ctx.limiter });
    return { service: social, routes: (app) => socialRoutes(app, { social, authenticate: ctx.authenticate }) };
  },
});
