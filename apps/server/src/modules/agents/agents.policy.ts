import { ErrorCode } from '@starlit/contract';
import type { SQL } from 'drizzle-orm';
import { agents } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { authorizeOwner, canSee, shownTo, type Shareable } from '../../platform/policy.ts';

/**
 * Who may see and change an agent. Seeing (its page, chatting with it, naming it in an
 * identity): its owner in any state, others once it is public, published and not deleted.
 * Changing: its owner only. A missing agent, and one the caller may not see, answers
 * AGENT_NOT_FOUND in every feature; someone else's agent answers 403 to a change.
 */
export type AgentAction = 'see' | 'change';

/** The agent if `userId` may do `action` with it; throws the answer otherwise. */
export function authorizeAgent<T extends Shareable>(userId: string | null, action: AgentAction, agent: T | null | undefined): T {
  if (!agent || agent.deletedAt) throw new AppError(ErrorCode.AGENT_NOT_FOUND);
  if (action === 'see') {
    if (!canSee(userId, agent)) throw new AppError(ErrorCode.AGENT_NOT_FOUND);
    return agent;
  }
  return authorizeOwner(userId ?? '', agent, (a) => a.ownerId, ErrorCode.AGENT_NOT_FOUND);
}

/** The agents `viewerId` may see (null: a visitor sees public published ones), as a condition on the agents table. */
export const visibleAgents = (viewerId: string | null): SQL => shownTo(viewerId, { ownerId: agents.ownerId, isPublic: agents.isPublic, publishedAt: agents.publishedAt, deletedAt: agents.deletedAt });
