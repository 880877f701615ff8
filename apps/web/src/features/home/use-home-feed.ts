import { calls } from '@starlit/contract';
import { usePagedCall } from '../../api/calls';
import type { HomeTabId } from './feed-types';

const PAGE_SIZE = 20;

/** One home tab's cards, a page at a time with the server's cursor. */
export function useHomeFeed(tab: HomeTabId, enabled: boolean) {
  return usePagedCall(calls.home.feed, { tab, limit: PAGE_SIZE }, { enabled });
}
