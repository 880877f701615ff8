import { calls } from '@starlit/contract';
import { useCallOrNull, usePagedCall } from '../../../api/calls';

const PAGE_SIZE = 20;

/** The calls whose answers hold agents as a list or a detail: what a write to agents makes stale. */
export const AGENT_READS = [calls.agents.get, calls.agents.mine, calls.agents.publicList] as const;

/**
 * One agent as the viewer may see it. "Not found" (missing, deleted, or someone else's
 * private agent) is an answer here, not an error toast: the page shows its own state.
 * A page opening on the agent reads it again (avatars and voices change through other calls),
 * showing the cached copy, if any, meanwhile.
 */
export function useAgent(id: string) {
  return useCallOrNull(calls.agents.get, { id }, { refetchOnMount: 'always' });
}

/** Public published agents, newest first, a page at a time. */
export function usePublicAgents() {
  return usePagedCall(calls.agents.publicList, { limit: PAGE_SIZE });
}

/** The signed-in user's agents, drafts included. */
export function useMyAgents(viewer: string | null) {
  return usePagedCall(calls.agents.mine, { limit: PAGE_SIZE }, { enabled: viewer !== null });
}
