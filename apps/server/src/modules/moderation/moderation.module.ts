import { defineModule } from '../../platform/module.ts';
import { noticesModule } from '../notices/notices.module.ts';
import { reportsModule } from '../reports/reports.module.ts';
import { usersModule } from '../users/users.module.ts';
import { worksModule } from '../works/works.module.ts';
import { moderationRoutes } from './moderation.routes.ts';
import { moderationService } from './moderation.service.ts';

/** Moderation: the admins' console over reports, hiding works, strikes and mutes, and its audit log. */
export const moderationModule = defineModule({
  name: 'moderation',
  setup(ctx) {
    const moderation = moderationService({ db: ctx.database.db, works: ctx.use(worksModule), reports: ctx.use(reportsModule), users: ctx.use(usersModule), notices: ctx.use(noticesModule) });
    return { service: moderation, routes: (app) => moderationRoutes(app, { moderation, authenticate: ctx.authenticate }) };
  },
});
