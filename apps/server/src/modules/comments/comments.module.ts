import { defineModule } from '../../platform/module.ts';
import { noticesModule } from '../notices/notices.module.ts';
import { usersModule } from '../users/users.module.ts';
import { worksModule } from '../works/works.module.ts';
import { commentsRoutes } from './comments.routes.ts';
import { commentsService } from './comments.service.ts';

/** Comments on works: threads with replies, likes, deletes with placeholders, notices to the people concerned. */
export const commentsModule = defineModule({
  name: 'comments',
  setup(ctx) {
    const comments = commentsService({
      db: ctx.database.db,
      works: ctx.use(worksModule),
      users: ctx.use(usersModule),
      notices: ctx.use(noticesModule),
      limiter: ctx.limiter,
      log: ctx.log,
      commentsPerMinute: ctx.config.comments.perMinute,
      likesPerMinute: ctx.config.comments.likesPerMinute,
    });
    return { service: comments, routes: (app) => commentsRoutes(app, { comments, authenticate: ctx.authenticate }) };
  },
});
