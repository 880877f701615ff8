import { defineModule } from '../../platform/module.ts';
import { agentsModule } from '../agents/agents.module.ts';
import { cardsRoutes } from './cards.routes.ts';
import { cardsService } from './cards.service.ts';

/** Cards: character card export and import, and the card's own texts on an agent. */
export const cardsModule = defineModule({
  name: 'cards',
  setup(ctx) {
    const cards = cardsService({ db: ctx.database.db, agents: ctx.use(agentsModule), storage: ctx.storage });
    return { routes: (app) => cardsRoutes(app, { cards, authenticate: ctx.authenticate }) };
  },
});
