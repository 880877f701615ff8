import type { CommunityTab, HomeTab } from '@starlit/contract';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { decodeCursor, decodeScoreCursor, toPage, toScoredPage } from '../../platform/pagination.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import type { SocialService } from '../social/social.service.ts';
import type { WorksService } from '../works/works.service.ts';
import { presentAgentCard, presentWorkCard } from './home.presenter.ts';
import type { HomeRepository } from './home.repository.ts';

type Tab = z.infer<typeof HomeTab>;
type CommunityTabValue = z.infer<typeof CommunityTab>;

/** The work kinds of each kind tab: a dance is moving pictures with music, so it is in the video tab (docs/home.md). */
const KIND_TABS = { image: ['image'], video: ['video', 'dance'], audio: ['audio'], post: ['post'] } as const;

export function homeService(deps: { home: HomeRepository; agents: Pick<AgentsService, 'feedRows'>; works: Pick<WorksService, 'feedRows'>; social: Pick<SocialService, 'followingFeedSql'> }) {
  const { home, works, social } = deps;
  const newestPage = async (query: SQL, limit: number) => {
    const page = toPage(await home.works(query), limit, (r) => r);
    return { items: page.items.map(presentWorkCard), nextCursor: page.nextCursor, needsLogin: false };
  };
  return {
    /**
     * One page of a home tab (docs/home.md). Every tab shows only what anyone may see, never
     * anything of a person blocked either way. My Following needs a signed-in viewer: a visitor
     * gets an empty page with `needsLogin` so the tab can offer signing in.
     */
    async feed(tab: Tab, viewerId: string | null, cursor: string | undefined, limit: number) {
      if (tab === 'recommend') {
        const rows = await home.works(works.feedRows.recommend(viewerId, decodeScoreCursor(cursor), limit));
        const page = toScoredPage(rows, limit, (r) => ({ score: r.rank, at: r.at, id: r.id }));
        return { items: page.items.map(presentWorkCard), nextCursor: page.nextCursor, needsLogin: false };
      }
      if (tab === 'agent') {
        const rows = await home.agents(deps.agents.feedRows(), viewerId, decodeCursor(cursor), limit);
        const page = toPage(rows, limit, (r) => r);
        return { items: page.items.map(presentAgentCard), nextCursor: page.nextCursor, needsLogin: false };
      }
      if (tab === 'following' && !viewerId) return { items: [], nextCursor: null, needsLogin: true };
      const query =
        tab === 'following' && viewerId
          ? works.feedRows.following(social.followingFeedSql(viewerId), viewerId, decodeCursor(cursor), limit)
          : works.feedRows.kind(KIND_TABS[tab as keyof typeof KIND_TABS], viewerId, decodeCursor(cursor), limit);
      return newestPage(query, limit);
    },

    /** One page of a community center tab (docs/community.md): All is Recommend, the rest newest first. */
    async community(tab: CommunityTabValue, viewerId: string | null, cursor: string | undefined, limit: number) {
      if (tab === 'all') return this.feed('recommend', viewerId, cursor, limit);
      if (tab === 'following') return this.feed('following', viewerId, cursor, limit);
      if (tab === 'activities') return this.feed('post', viewerId, cursor, limit);
      const after = decodeCursor(cursor);
      const query = tab === 'dance' ? works.feedRows.category('Dance', viewerId, after, limit) : works.feedRows.creations(viewerId, after, limit);
      return newestPage(query, limit);
    },
  };
}

export type HomeService = ReturnType<typeof homeService>;
