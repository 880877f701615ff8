import type { SearchType } from '@starlit/contract';
import type { z } from 'zod';
import type { AgentsService } from '../agents/agents.service.ts';
import { presentAgentCard, presentWorkCard } from '../home/home.presenter.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { WorksService } from '../works/works.service.ts';

type Type = z.infer<typeof SearchType>;

/**
 * One search over works, agents or users (docs/search.md). Search owns no table: each feature
 * matches its own rows against the text with the database's full-text search, shows only what
 * anyone may see and nothing of people blocked either way, and pages by match score.
 */
export function searchService(deps: { works: Pick<WorksService, 'search'>; agents: Pick<AgentsService, 'search'>; users: Pick<UsersRepository, 'searchPeople'> }) {
  return {
    async search(q: string, type: Type, viewerId: string | null, cursor: string | undefined, limit: number) {
      if (type === 'works') {
        const page = await deps.works.search(q, viewerId, cursor, limit);
        return { type, items: page.items.map(presentWorkCard), nextCursor: page.nextCursor };
      }
      if (type === 'agents') {
        const page = await deps.agents.search(q, viewerId, cursor, limit);
        return { type, items: page.items.map(presentAgentCard), nextCursor: page.nextCursor };
      }
      const page = await deps.users.searchPeople(q, viewerId, cursor, limit);
      return { type, items: page.items.map((u) => ({ userId: u.id, userName: u.userName, avatar: u.avatar })), nextCursor: page.nextCursor };
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;
