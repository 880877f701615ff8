import { defineModule } from '../../platform/module.ts';
import { agentsModule } from '../agents/agents.module.ts';
import { noticesModule } from '../notices/notices.module.ts';
import { reactionsService } from './reactions.service.ts';
import { usersModule } from '../users/users.module.ts';
import { worksRoutes } from './works.routes.ts';
import { worksService } from './works.service.ts';

/** Works: uploads, drafts, publishing, the detail, the author's list, likes and collections; home shows the published ones. */
export const worksModule = defineModule({
  name: 'works',
  setup(ctx) {
    const works = worksService({ db: ctx.database.db, storage: ctx.storage, agents: ctx.use(agentsModule), users: ctx.use(usersModule) });
    const reactions = reactionsService({ db: ctx.database.db, limiter: ctx.limiter, notices: ctx.use(noticesModule), log: ctx.log });
    return { service: works, routes: (app) => worksRoutes(app, { works, reactions, authenticate: ctx.authenticate }) };
  },
});
