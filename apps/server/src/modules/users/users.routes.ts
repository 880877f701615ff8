import { calls, USER_SEARCH_MAX } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import { presentUserMatch } from './users.presenter.ts';
import type { UsersRepository } from './users.repository.ts';

// the contract marks the search admin-only; registerCall refuses everyone else
export function usersRoutes(app: FastifyInstance, deps: { users: UsersRepository; authenticate: Authenticate }) {
  registerCall(app, calls.users.search, deps.authenticate, async ({ input }) => ({ items: (await deps.users.search(input.query, USER_SEARCH_MAX)).map(presentUserMatch) }));
}
