import { defineModule } from '../../platform/module.ts';
import { sweepOrphans } from '../../platform/storage-sweep.ts';
import { agentCardsRepository } from '../agents/agent-cards.repository.ts';
import { agentsRepository } from '../agents/agents.repository.ts';
import { avatarsRepository } from '../avatars/avatars.repository.ts';
import { chatRepository } from '../chat/chat.repository.ts';
import { voicesRepository } from '../voices/voices.repository.ts';
import { mediaOwners } from './media-owners.ts';
import { mediaRoutes } from './media.routes.ts';

/** Media: serves stored files and deletes those no row uses any more. */
export const mediaModule = defineModule({
  name: 'media',
  setup({ config, database, storage, jobs }) {
    const owners = mediaOwners({
      storage,
      agents: agentsRepository(database.db),
      cards: agentCardsRepository(database.db),
      avatars: avatarsRepository(database.db),
      voices: voicesRepository(database.db),
      chat: chatRepository(database.db),
    });
    const media = { sweep: () => sweepOrphans(storage, owners) };
    jobs.provide('media.sweep', media);
    return { service: media, routes: (app) => mediaRoutes(app, { mediaDir: config.mediaDir }) };
  },
});
