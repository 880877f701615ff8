import type { HomeTab } from '@starlit/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { decodeCursor, decodeScoreCursor, toPage, toScoredPage } from '../../platform/pagination.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import type { WorksService } from '../works/works.service.ts';
import { presentAgentCard, presentWorkCard } from './home.presenter.ts';
import type { HomeRepository } from './home.repository.ts';

type Tab = z.infer<typeof HomeTab>;

const KIND_TABS = { image: 'image', video: 'video', audio: 'audio', post: 'post' } as const;

/**
 * Who the viewer follows, as one-column subqueries of ids.
 * TEMPORARY: the social module owns user_follows and agent_follows and will provide these
 * (`social.followedAuthorsSql`); until it is merged home reads the two tables here, which the
 * table-ownership test reports.
 */
function followsOf(viewerId: string): { authors: SQL; agents: SQL } {
  return {
    authors: sql`select followee_id from user_follows where follower_id = ${viewerId}`,
    agents: sql`select agent_id from agent_follows where user_id = ${viewerId}`,
  };
}

export function homeService(deps: { home: HomeRepository; agents: Pick<AgentsService, 'feedRows'>; works: Pick<WorksService, 'feedRows'> }) {
  const { home, works } = deps;
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
          ? works.feedRows.followedAuthorsOrAgents(followsOf(viewerId), viewerId, decodeCursor(cursor), limit)
          : works.feedRows.kind(KIND_TABS[tab as keyof typeof KIND_TABS], viewerId, decodeCursor(cursor), limit);
      const page = toPage(await home.works(query), limit, (r) => r);
      return { items: page.items.map(presentWorkCard), nextCursor: page.nextCursor, needsLogin: false };
    },
  };
}

export type HomeService = ReturnType<typeof homeService>;
