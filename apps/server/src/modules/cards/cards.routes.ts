import { CARD_MAX_BYTES, calls } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import type { CardsService } from './cards.service.ts';

// a card travels as base64 in JSON: a third larger than the file, plus the envelope
const IMPORT_BODY_LIMIT = Math.ceil((CARD_MAX_BYTES * 4) / 3) + 64 * 1024;

/** Character card export and import (docs/cards.md). A plugin scope, so the larger body limit applies to the import alone. */
export async function cardsRoutes(app: FastifyInstance, deps: { cards: CardsService; authenticate: Authenticate }) {
  await app.register(async (scope) => {
    const { cards, authenticate } = deps;
    const c = calls.cards;
    scope.addHook('onRoute', (route) => {
      if (route.url === c.import.path) route.bodyLimit = IMPORT_BODY_LIMIT;
    });

    registerCall(scope, c.export, authenticate, async ({ user, input }) => cards.export(user.id, input.agentId, input.format));
    registerCall(scope, c.import, authenticate, async ({ user, input, lang }) => cards.import(user.id, input.base64, lang));
    registerCall(scope, c.fields, authenticate, async ({ user, input }) => cards.fields(user.id, input.agentId));
    registerCall(scope, c.setFields, authenticate, async ({ user, input: { agentId, ...texts } }) => cards.setFields(user.id, agentId, texts));
  });
}
