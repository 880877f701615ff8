import { defineModule } from '../../platform/module.ts';
import { agentsModule } from '../agents/agents.module.ts';
import { socialModule } from '../social/social.module.ts';
import { worksModule } from '../works/works.module.ts';
import { homeRepository } from './home.repository.ts';
import { homeRoutes } from './home.routes.ts';
import { homeService } from './home.service.ts';

/** Home: the public feed of published agents and works. */
export const homeModule = defineModule({
  name: 'home',
  setup(ctx) {
    const home = homeService({ home: homeRepository(ctx.database.db), agents: ctx.use(agentsModule), works: ctx.use(worksModule), social: ctx.use(socialModule) });
    return { service: home, routes: (app) => homeRoutes(app, { home, authenticate: ctx.authenticate }) };
  },
});
