import { defineModule } from '../../platform/module.ts';
import { usersModule } from '../users/users.module.ts';
import { noticesRepository } from './notices.repository.ts';
import { noticesRoutes } from './notices.routes.ts';
import { noticesService } from './notices.service.ts';

/** Notices: system and interaction notices, pushed on the realtime channel. */
export const noticesModule = defineModule({
  name: 'notices',
  setup(ctx) {
    const notices = noticesService({ db: ctx.database.db, notices: noticesRepository(ctx.database.db), users: ctx.use(usersModule), bus: ctx.bus });
    return { service: notices, routes: (app) => noticesRoutes(app, { notices, authenticate: ctx.authenticate }) };
  },
});
