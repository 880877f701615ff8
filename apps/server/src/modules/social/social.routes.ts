import { calls } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import { presentBlockedPerson, presentFollowPerson } from './social.presenter.ts';
import type { SocialService } from './social.service.ts';

/** The social feature's calls: follows, blocks and the relation a profile header shows. */
export function socialRoutes(app: FastifyInstance, deps: { social: SocialService; authenticate: Authenticate }) {
  const { social, authenticate } = deps;
  const c = calls.social;
  const people = (page: Awaited<ReturnType<SocialService['followers']>>) => ({ items: page.items.map(presentFollowPerson), nextCursor: page.nextCursor });

  registerCall(app, c.follow, authenticate, async ({ user, input }) => social.follow(user, input.userId));
  registerCall(app, c.unfollow, authenticate, async ({ user, input }) => social.unfollow(user.id, input.userId));
  registerCall(app, c.followAgent, authenticate, async ({ user, input }) => social.followAgent(user.id, input.agentId));
  registerCall(app, c.unfollowAgent, authenticate, async ({ user, input }) => social.unfollowAgent(user.id, input.agentId));
  registerCall(app, c.followers, authenticate, async ({ user, input }) => people(await social.followers(user?.id ?? null, input.userId, input.cursor, input.limit)));
  registerCall(app, c.followings, authenticate, async ({ user, input }) => people(await social.followings(user?.id ?? null, input.userId, input.cursor, input.limit)));
  registerCall(app, c.relation, authenticate, async ({ user, input }) => social.relation(user?.id ?? null, input.userId));
  registerCall(app, c.agentRelation, authenticate, async ({ user, input }) => social.agentRelation(user?.id ?? null, input.agentId));
  registerCall(app, c.block, authenticate, async ({ user, input }) => social.block(user.id, input.userId));
  registerCall(app, c.unblock, authenticate, async ({ user, input }) => social.unblock(user.id, input.userId));
  registerCall(app, c.blacklist, authenticate, async ({ user, input }) => {
    const page = await social.blacklist(user.id, input.cursor, input.limit);
    return { items: page.items.map(presentBlockedPerson), nextCursor: page.nextCursor };
  });
}
