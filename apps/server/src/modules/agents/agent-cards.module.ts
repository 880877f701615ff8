import { defineModule } from '../../platform/module.ts';
import { agentCardFieldsService } from './agent-card-fields.ts';
import { agentCardsRepository } from './agent-cards.repository.ts';
import { agentCardsRoutes } from './agent-cards.routes.ts';
import { agentCardsService } from './agent-cards.service.ts';
import { agentsModule } from './agents.module.ts';
import { agentsRepository } from './agents.repository.ts';

/** Cards: character card export and import, and the card's own texts on an agent. */
export const cardsModule = defineModule({
  name: 'cards',
  setup(ctx) {
    const { db } = ctx.database;
    const cards = agentCardsService({ db, agents: ctx.use(agentsModule), storage: ctx.storage });
    const fields = agentCardFieldsService({ agentRows: agentsRepository(db), cards: agentCardsRepository(db) });
    return { routes: (app) => agentCardsRoutes(app, { cards, fields, authenticate: ctx.authenticate }) };
  },
});
