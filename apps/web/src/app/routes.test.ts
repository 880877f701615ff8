import { createMemoryRouter } from 'react-router';
import { afterAll, describe, expect, it, vi } from 'vitest';

// the auth store behind the pages reads the session from the browser when imported
const empty = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
vi.stubGlobal('window', { sessionStorage: empty, localStorage: empty, location: { href: 'http://app.test/#/' } });
afterAll(() => vi.unstubAllGlobals());

const { PAGE_ROUTES } = await import('./routes');
const { pageRouteObjects } = await import('./router');

/** SPEC §2: each route's name is its page id; `/moderation` and `/economy` (the admins' consoles) and `/search` are beyond the spec; the recharge, agreement, store and daily task screens have routes of ours. */
const SPEC_ROUTES = {
  '/': 'home',
  '/content': 'content',
  '/aigc-publish': 'aigc-publish',
  '/community': 'community',
  '/usercenter/:userId?': 'usercenter',
  '/agentcenter/:agentId?': 'agentcenter',
  '/agent/:agentId?': 'agent',
  '/agent-personality/:agentId?': 'agent-personality',
  '/chatroom': 'chatroom',
  '/hotlist': 'hotlist',
  '/moderation': 'moderation',
  '/economy': 'economy',
  '/search': 'search',
  '/recharge': 'recharge',
  '/recharge/agreement': 'recharge-agreement',
  '/store': 'store',
  '/daily-task': 'daily-task',
  '/live/:showId': 'live',
  '/404': '404',
};

function pageIdsWhere(test: (route: (typeof PAGE_ROUTES)[number]) => boolean): string[] {
  return PAGE_ROUTES.filter(test).map((route) => route.pageId);
}

describe('route table (SPEC §2)', () => {
  it('has every route with its name as page id', () => {
    expect(Object.fromEntries(PAGE_ROUTES.map((route) => [route.path, route.pageId]))).toEqual(SPEC_ROUTES);
  });

  it('requires sign-in exactly for aigc-publish, agent, the two admin consoles, recharge and the daily task', () => {
    expect(pageIdsWhere((route) => route.requiresAuth)).toEqual(['aigc-publish', 'agent', 'moderation', 'economy', 'recharge', 'daily-task']);
  });

  it('skips page-load tracking exactly for content and aigc-publish', () => {
    expect(pageIdsWhere((route) => !route.trackPageLoad)).toEqual(['content', 'aigc-publish']);
  });

  it('redirects any other path to /404', async () => {
    const router = createMemoryRouter([{ children: pageRouteObjects() }], { initialEntries: ['/no/such/page'] });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(router.state.matches.at(-1)?.route.handle).toEqual({ pageId: '404', trackPageLoad: true });
    router.dispose();
  });
});
