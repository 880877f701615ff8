import { defineModule } from '../../platform/module.ts';
import { agentsModule } from '../agents/agents.module.ts';
import { identitiesRepository } from './identities.repository.ts';
import { identitiesRoutes } from './identities.routes.ts';
import { identitiesService } from './identities.service.ts';

/** Identities: who the user is in a chat, possibly bound to one agent. */
export const identitiesModule = defineModule({
  name: 'identities',
  setup(ctx) {
    const identities = identitiesService({ identities: identitiesRepository(ctx.database.db), agents: ctx.use(agentsModule) });
    return { service: identities, routes: (app) => identitiesRoutes(app, { identities, authenticate: ctx.authenticate }) };
  },
});
