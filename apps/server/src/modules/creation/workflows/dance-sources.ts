import { agentsRepository } from '../../agents/agents.repository.ts';
import type { StoreService } from '../../store/store.service.ts';
import { creationRepository } from '../creation.repository.ts';
import type { DanceSources } from './music2dance.ts';

/** Where songs and dancers are read from, for the studio's dances and the daily tasks'. */
export function danceSources(store: Pick<StoreService, 'ownedItem'>): DanceSources {
  return {
    creation: (h, id) => creationRepository(h).byId(id),
    ownedItem: (h, userId, itemId) => store.ownedItem(userId, itemId, h),
    agent: (h, agentId) => agentsRepository(h).byId(agentId),
  };
}
