import { calls } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import type { SearchService } from './search.service.ts';

export function searchRoutes(app: FastifyInstance, deps: { search: SearchService; authenticate: Authenticate }) {
  registerCall(app, calls.search.search, deps.authenticate, async ({ input, user }) => deps.search.search(input.q, input.type, user?.id ?? null, input.cursor, input.limit));
}
