import { calls } from '@starlit/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { callKey, STALE } from '../../api/keys';

/**
 * One work by id, as the whole call result: a refusal ("The work is not published", "Work not
 * found") is an answer shown in place in the server's words, not a toast. Every reader of
 * `works.get` goes through here, since they share its cache key.
 */
export function useWork(id: string, enabled = true) {
  return useQuery({
    queryKey: callKey(calls.works.get, { id }),
    queryFn: ({ signal }) => callApi(calls.works.get, { id }, { signal }),
    staleTime: STALE.works,
    enabled: enabled && id !== '',
  });
}
