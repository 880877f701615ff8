import { calls } from '@starlit/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { requestData } from '../../api/query';
import type { HomeTabId } from './feed-types';

const PAGE_SIZE = 20;

/** One home tab's cards, a page at a time with the server's cursor. */
export function useHomeFeed(tab: HomeTabId, enabled: boolean, viewer: string | null) {
  return useInfiniteQuery({
    // the viewer is part of the key: "My Following" differs per person
    queryKey: ['home', 'feed', tab, viewer],
    queryFn: ({ pageParam, signal }) => requestData(calls.home.feed, pageParam ? { tab, cursor: pageParam, limit: PAGE_SIZE } : { tab, limit: PAGE_SIZE }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}
