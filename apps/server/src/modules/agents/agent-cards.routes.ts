import { CARD_MAX_BYTES, calls } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import type { Storage } from '../../platform/storage.ts';
import { agentCardFieldsService } from './agent-card-fields.ts';
import { agentCardsRepository } from './agent-cards.repository.ts';
import { agentCardsService } from './agent-cards.service.ts';
import { agentsRepository } from './agents.repository.ts';
import type { AgentsService } from './agents.service.ts';

// a card travels as base64 in JSON: a third larger than the file, plus the envelope
const IMPORT_BODY_LIMIT = Math.ceil((CARD_MAX_BYTES * 4) / 3) + 64 * 1024;

/** Character card export and import (docs/cards.md). */
export async function agentCardsModule(app: FastifyInstance, deps: { db: Db; storage: Storage; agents: AgentsService; authenticate: Authenticate }) {
  const c = calls.agentCards;
  const service = agentCardsService({ db: deps.db, agents: deps.agents, storage: deps.storage });

  // a hook of this plugin only, so the larger body limit applies to the import alone
  app.addHook('onRoute', (route) => {
    if (route.url === c.import.path) route.bodyLimit = IMPORT_BODY_LIMIT;
  });

  registerCall(app, c.export, deps.authenticate, async ({ user, input }) => service.export(user.id, input.agentId, input.format));
  registerCall(app, c.import, deps.authenticate, async ({ user, input, lang }) => service.import(user.id, input.base64, lang));

  const fields = agentCardFieldsService({ agentRows: agentsRepository(deps.db), cards: agentCardsRepository(deps.db) });
  registerCall(app, c.fields, deps.authenticate, async ({ user, input }) => fields.fields(user.id, input.agentId));
  registerCall(app, c.setFields, deps.authenticate, async ({ user, input: { agentId, ...texts } }) => fields.setFields(user.id, agentId, texts));
}
