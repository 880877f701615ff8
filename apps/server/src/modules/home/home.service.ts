import type { z } from 'zod';
import type { FeedItem, HomeTab } from '@starlit/contract';
import { decodeCursor, toPage } from '../../platform/pagination.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import type { WorksService } from '../works/works.service.ts';
import type { FeedFilter, FeedRow, HomeRepository } from './home.repository.ts';

type Tab = z.infer<typeof HomeTab>;

const filters: Record<Exclude<Tab, 'following'>, FeedFilter> = {
  recommend: { agents: true, workKinds: ['image', 'video', 'audio', 'post'] },
  agent: { agents: true, workKinds: [] },
  image: { agents: false, workKinds: ['image'] },
  video: { agents: false, workKinds: ['video'] },
  audio: { agents: false, workKinds: ['audio'] },
  post: { agents: false, workKinds: ['post'] },
};

function present(row: FeedRow): z.input<typeof FeedItem> {
  const person = { userId: row.userId, userName: row.userName, avatar: row.userAvatar };
  if (row.type === 'agent') {
    return { type: 'agent', id: row.id, nickname: row.title, intro: row.body, avatar: row.cover, tags: row.tags, owner: person, createdAt: row.at.toISOString() };
  }
  return {
    type: 'work',
    id: row.id,
    kind: row.kind ?? 'post',
    name: row.title,
    description: row.body,
    cover: row.cover,
    media: row.media,
    engine: row.engine,
    tags: row.tags,
    author: person,
    publishedAt: row.at.toISOString(),
  };
}

export function homeService(deps: { home: HomeRepository; agents: Pick<AgentsService, 'feedRows'>; works: Pick<WorksService, 'feedRows'> }) {
  return {
    /**
     * One page of a home tab. "My Following" needs a signed-in user and the follow graph,
     * which arrives with the social feature; until then it is honestly empty.
     */
    async feed(tab: Tab, userId: string | null, cursor: string | undefined, limit: number) {
      if (tab === 'following') return { items: [], nextCursor: null, needsLogin: userId === null };
      const filter = filters[tab];
      const rows = await deps.home.feed(filter.agents ? deps.agents.feedRows() : null, filter.workKinds.length > 0 ? deps.works.feedRows(filter.workKinds) : null, decodeCursor(cursor), limit);
      const page = toPage(rows, limit, (r) => ({ at: r.at, id: r.id }));
      return { items: page.items.map(present), nextCursor: page.nextCursor, needsLogin: false };
    },
  };
}

export type HomeService = ReturnType<typeof homeService>;
