import { calls } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import type { HomeService } from './home.service.ts';

export function homeRoutes(app: FastifyInstance, deps: { home: HomeService; authenticate: Authenticate }) {
  registerCall(app, calls.home.feed, deps.authenticate, async ({ input, user }) => deps.home.feed(input.tab, user?.id ?? null, input.cursor, input.limit));
  registerCall(app, calls.home.community, deps.authenticate, async ({ input, user }) => deps.home.community(input.tab, user?.id ?? null, input.cursor, input.limit));
}
