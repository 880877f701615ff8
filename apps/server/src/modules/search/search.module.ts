import { defineModule } from '../../platform/module.ts';
import { agentsModule } from '../agents/agents.module.ts';
import { usersModule } from '../users/users.module.ts';
import { worksModule } from '../works/works.module.ts';
import { searchRoutes } from './search.routes.ts';
import { searchService } from './search.service.ts';

/** Search: the header box's works, agents and users; each feature searches its own table. */
export const searchModule = defineModule({
  name: 'search',
  setup(ctx) {
    const search = searchService({ works: ctx.use(worksModule), agents: ctx.use(agentsModule), users: ctx.use(usersModule) });
    return { service: search, routes: (app) => searchRoutes(app, { search, authenticate: ctx.authenticate }) };
  },
});
