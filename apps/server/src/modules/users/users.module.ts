import { defineModule } from '../../platform/module.ts';
import { usersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';

/** Users: the accounts other features look up, and the admins' search for them. */
export const usersModule = defineModule({
  name: 'users',
  async setup({ database, config, authenticate }) {
    const users = usersRepository(database.db);
    await users.promoteByNames(config.adminUsers);
    return { service: users, routes: (app) => usersRoutes(app, { users, authenticate }) };
  },
});
