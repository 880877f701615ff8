import { calls } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import type { LedgerService } from './ledger.service.ts';

export function ledgerRoutes(app: FastifyInstance, deps: { ledger: LedgerService; authenticate: Authenticate }) {
  registerCall(app, calls.ledger.balances, deps.authenticate, async ({ user }) => deps.ledger.balances(user.id));
}
