import { defineModule } from '../../platform/module.ts';
import { agentsModule } from '../agents/agents.module.ts';
import { usersModule } from '../users/users.module.ts';
import { worksRoutes } from './works.routes.ts';
import { worksService } from './works.service.ts';

/** Works: uploads, drafts, publishing, the detail and the author's list; home shows the published ones. */
export const worksModule = defineModule({
  name: 'works',
  setup(ctx) {
    const works = worksService({ db: ctx.database.db, storage: ctx.storage, agents: ctx.use(agentsModule), users: ctx.use(usersModule) });
    return { service: works, routes: (app) => worksRoutes(app, { works, authenticate: ctx.authenticate }) };
  },
});
