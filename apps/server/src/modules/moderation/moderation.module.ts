import { defineModule } from '../../platform/module.ts';
import { noticesModule } from '../notices/notices.module.ts';
import { reportsModule } from '../reports/reports.module.ts';
import { usersModule } from '../users/users.module.ts';
import { worksModule } from '../works/works.module.ts';
import { moderationRoutes } from './moderation.routes.ts';
import { moderationService } from './moderation.service.ts';
import { promptWordsService } from './prompt-words.service.ts';

/**
 * Moderation: the admins' console over reports, hiding works, strikes and mutes, the prompt word
 * list, and its audit log. Other modules check what people write with `promptWords`.
 */
export const moderationModule = defineModule({
  name: 'moderation',
  setup(ctx) {
    const moderation = moderationService({ db: ctx.database.db, works: ctx.use(worksModule), reports: ctx.use(reportsModule), users: ctx.use(usersModule), notices: ctx.use(noticesModule) });
    const promptWords = promptWordsService({ db: ctx.database.db, bus: ctx.bus });
    return {
      service: { ...moderation, promptWords: { check: promptWords.check, assertAllowed: promptWords.assertAllowed } },
      routes: (app) => moderationRoutes(app, { moderation, promptWords, authenticate: ctx.authenticate }),
    };
  },
});
