import type { CallDef, CallInput, CallOutput } from '@starlit/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi, isOk, isRefused } from './client';
import { callKey, familyOf, invalidateCalls, STALE, type Invalidates } from './keys';
import { CallFailure, requestData } from './query';

type ReadOptions<T, S> = Omit<UseQueryOptions<T, Error, S>, 'queryKey' | 'queryFn'>;

/** Reads a call through the cache under `callKey(call, input)`, fresh for its family's `STALE` time. */
export function useCall<C extends CallDef, S = CallOutput<C>>(call: C, input: CallInput<C>, options: ReadOptions<CallOutput<C>, S> = {}) {
  return useQuery({
    queryKey: callKey(call, input),
    queryFn: ({ signal }) => requestData(call, input, signal),
    staleTime: STALE[familyOf(call)],
    ...options,
  });
}

/**
 * Reads a call whose refusal is an answer, not an error (a missing or hidden thing): the data is
 * null then, with no toast, and the page shows its own state. Transport failures still fail.
 * Read a call one way only (this or useCall), as both share its key.
 */
export function useCallOrNull<C extends CallDef, S = CallOutput<C> | null>(call: C, input: CallInput<C>, options: ReadOptions<CallOutput<C> | null, S> = {}) {
  return useQuery({
    queryKey: callKey(call, input),
    queryFn: async ({ signal }) => {
      const result = await callApi(call, input, { signal });
      if (isOk(result)) return result.data;
      if (isRefused(result)) return null;
      throw new CallFailure('', null);
    },
    staleTime: STALE[familyOf(call)],
    retry: false,
    ...options,
  });
}

/** A call that answers a page of a cursor-paged list. */
type PagedCall = CallDef<z.ZodType, z.ZodType<{ nextCursor: string | null }>>;

/** Reads a cursor-paged list a page at a time; its pages share the key of the input without the cursor. */
export function usePagedCall<C extends PagedCall>(call: C, input: Omit<CallInput<C>, 'cursor'>, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: callKey(call, input as CallInput<C>),
    // the input is this call's input without its cursor, so adding one gives the call's input back
    queryFn: ({ pageParam, signal }) => requestData(call, (pageParam ? { ...input, cursor: pageParam } : input) as CallInput<C>, signal),
    initialPageParam: '',
    getNextPageParam: (last: CallOutput<C>) => last.nextCursor ?? undefined,
    staleTime: STALE[familyOf(call)],
    ...options,
  });
}

type WriteOptions<C extends CallDef, V> = Omit<UseMutationOptions<CallOutput<C>, Error, V>, 'mutationFn'> & {
  /** Calls or families whose cached answers this write makes stale; refreshed after it succeeds. */
  invalidates?: Invalidates;
  /** Makes the call's input from what `mutate` is given (a picked file read as base64); the work counts as pending. */
  inputOf?: (variables: V) => CallInput<C> | Promise<CallInput<C>>;
};

/**
 * Makes a write call. Refusals are toasted with the server's message (SPEC §7) and fail the
 * mutation. After a success, the caller's `onSuccess` runs first (closing a dialog, a toast),
 * then `invalidates` are refreshed; the mutation stays pending until they are.
 */
export function useCallMutation<C extends CallDef, V = CallInput<C>>(call: C, { invalidates = [], inputOf, onSuccess, ...options }: WriteOptions<C, V> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    // without inputOf, what `mutate` is given is the call's input (V's default)
    mutationFn: async (variables: V) => requestData(call, inputOf ? await inputOf(variables) : (variables as CallInput<C>)),
    onSuccess: async (...args) => {
      await onSuccess?.(...args);
      if (invalidates.length > 0) await invalidateCalls(queryClient, invalidates);
    },
    ...options,
  });
}
