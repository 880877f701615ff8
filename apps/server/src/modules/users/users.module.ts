import { defineModule } from '../../platform/module.ts';
import { usersRepository } from './users.repository.ts';

/** Users: the accounts other features look up (no calls of its own). */
export const usersModule = defineModule({
  name: 'users',
  async setup({ database, config }) {
    const users = usersRepository(database.db);
    await users.promoteByNames(config.adminUsers);
    return { service: users };
  },
});
