import { calls, PROFILE_LIMITS, USER_SEARCH_MAX } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import { presentAgentCard } from '../agents/agents.presenter.ts';
import { presentUserInfo } from '../auth/auth.presenter.ts';
import { presentWork } from '../works/works.presenter.ts';
import { presentProfile, presentUserMatch } from './users.presenter.ts';
import type { UsersRepository } from './users.repository.ts';
import type { UsersService } from './users.service.ts';

// base64 grows the avatar by 4/3; the other fields are small
const PROFILE_BODY_LIMIT = Math.ceil((PROFILE_LIMITS.avatarBytes * 4) / 3) + 64 * 1024;

/** The users feature's calls. A plugin scope, so the profile's larger body limit stays its own. */
export async function usersRoutes(app: FastifyInstance, deps: { users: UsersRepository; profiles: UsersService; authenticate: Authenticate }) {
  await app.register(async (scope) => {
    const { profiles, authenticate } = deps;
    const c = calls.users;
    scope.addHook('onRoute', (route) => {
      if (route.url === c.updateProfile.path) route.bodyLimit = PROFILE_BODY_LIMIT;
    });
    // the contract marks the search admin-only; registerCall refuses everyone else
    registerCall(scope, c.search, authenticate, async ({ input }) => ({ items: (await deps.users.search(input.query, USER_SEARCH_MAX)).map(presentUserMatch) }));
    registerCall(scope, c.profile, authenticate, async ({ user, input }) => presentProfile(await profiles.profile(user?.id ?? null, input.userId)));
    registerCall(scope, c.updateProfile, authenticate, async ({ user, input }) => {
      await profiles.update(user.id, input);
      const profile = await profiles.profile(user.id, user.id);
      return { user: presentUserInfo(profile.user), profile: presentProfile(profile) };
    });
    registerCall(scope, c.works, authenticate, async ({ user, input }) => {
      const viewerId = user?.id ?? null;
      const page = await profiles.works(viewerId, input.userId, input.section, input.cursor, input.limit);
      return { items: page.items.map((row) => presentWork(row, viewerId)), nextCursor: page.nextCursor };
    });
    registerCall(scope, c.agents, authenticate, async ({ user, input }) => {
      const page = await profiles.agents(user?.id ?? null, input.userId, input.cursor, input.limit);
      return { items: page.items.map(presentAgentCard), nextCursor: page.nextCursor };
    });
  });
}
