import { calls } from '@starlit/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callApi, isOk } from '../../../api/client';
import { requestData } from '../../../api/query';

const PAGE_SIZE = 20;

/** Query keys of the agent center; the editor's own keys are separate. */
export const centerKeys = {
  agent: (id: string, viewer: string | null) => ['agent-center', 'agent', id, viewer] as const,
  mine: (viewer: string | null) => ['agent-center', 'mine', viewer] as const,
  publicList: ['agent-center', 'public'] as const,
};

/**
 * One agent as the viewer may see it. "Not found" (missing, deleted, or someone else's
 * private agent) is an answer here, not an error toast: the page shows its own state.
 */
export function useAgent(id: string, viewer: string | null) {
  return useQuery({
    queryKey: centerKeys.agent(id, viewer),
    queryFn: async ({ signal }) => {
      const result = await callApi(calls.agents.get, { id }, { signal });
      if (isOk(result)) return result.data;
      if ('code' in result) return null;
      throw new Error('network');
    },
    retry: false,
  });
}

/** Public published agents, newest first, a page at a time. */
export function usePublicAgents() {
  return useInfiniteQuery({
    queryKey: centerKeys.publicList,
    queryFn: ({ pageParam, signal }) => requestData(calls.agents.publicList, pageParam ? { cursor: pageParam, limit: PAGE_SIZE } : { limit: PAGE_SIZE }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The signed-in user's agents, drafts included. */
export function useMyAgents(viewer: string | null) {
  return useInfiniteQuery({
    queryKey: centerKeys.mine(viewer),
    queryFn: ({ pageParam, signal }) => requestData(calls.agents.mine, pageParam ? { cursor: pageParam, limit: PAGE_SIZE } : { limit: PAGE_SIZE }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: viewer !== null,
  });
}
