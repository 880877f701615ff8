import { dailyTasksRepository } from '../daily-tasks/daily-tasks.repository.ts';
import { creationRepository } from '../creation/creation.repository.ts';
import { defineModule } from '../../platform/module.ts';
import { sweepOrphans } from '../../platform/storage-sweep.ts';
import { cardsRepository } from '../cards/cards.repository.ts';
import { liveRepository } from '../live/live.repository.ts';
import { agentsRepository } from '../agents/agents.repository.ts';
import { avatarsRepository } from '../avatars/avatars.repository.ts';
import { chatRepository } from '../chat/chat.repository.ts';
import { reportsRepository } from '../reports/reports.repository.ts';
import { voicesRepository } from '../voices/voices.repository.ts';
import { worksRepository } from '../works/works.repository.ts';
import { mediaOwners } from './media-owners.ts';
import { mediaRoutes } from './media.routes.ts';

/** Media: serves stored files and deletes those no row uses any more. */
export const mediaModule = defineModule({
  name: 'media',
  setup({ database, storage }) {
    const owners = mediaOwners({
      storage,
      agents: agentsRepository(database.db),
      cards: cardsRepository(database.db),
      avatars: avatarsRepository(database.db),
      voices: voicesRepository(database.db),
      chat: chatRepository(database.db),
      works: worksRepository(database.db),
      reports: reportsRepository(database.db),
      creations: creationRepository(database.db),
      tasks: dailyTasksRepository(database.db),
      live: liveRepository(database.db),
    });
    // `now` lets a test sweep as if a day had passed, which a bucket's times cannot be set back for
    const media = { sweep: (now?: Date) => sweepOrphans(storage, owners, { now }) };
    return { service: media, routes: (app) => mediaRoutes(app, { storage }), jobs: { 'media.sweep': media } };
  },
});
