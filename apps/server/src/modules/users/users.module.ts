import { defineModule } from '../../platform/module.ts';
import { agentsModule } from '../agents/agents.module.ts';
import { worksModule } from '../works/works.module.ts';
import { usersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { usersService } from './users.service.ts';

/** Users: the accounts other features look up, profiles, and the admins' search for them. */
export const usersModule = defineModule({
  name: 'users',
  async setup(ctx) {
    const { database, config, authenticate, storage, limiter } = ctx;
    const users = usersRepository(database.db);
    await users.promoteByNames(config.adminUsers);
    // works and agents are set up after users (they look users up): their services are asked for when a call runs
    const profiles = usersService({ db: database.db, users, storage, limiter, sessions: ctx.sessions, works: () => ctx.use(worksModule), agents: () => ctx.use(agentsModule) });
    return { service: { ...users, profiles }, routes: (app) => usersRoutes(app, { users, profiles, authenticate }) };
  },
});
