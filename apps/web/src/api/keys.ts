import { calls, type CallDef, type CallInput, type CallOutput } from '@starlit/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** A feature's group of calls in the contract (`calls.agents`, `calls.chat`, …). */
export type CallFamily = keyof typeof calls;

/**
 * How long an answer counts as fresh, per call family. A hook may ask for longer where the page
 * keeps its copy current itself (a conversation being streamed into, an agent being edited).
 */
export const STALE = {
  agents: 30_000,
  auth: Infinity,
  avatars: 30_000,
  cards: 30_000,
  chat: 30_000,
  // a check-in changes once a day
  checkin: 30_000,
  comments: 30_000,
  // a creation's progress moves every few seconds while it generates (pushed live as well)
  creation: 2_000,
  // the console shows balances an adjustment just changed, and packages as saved
  economyAdmin: 5_000,
  exchange: 30_000,
  // the free gifts left today change with every send
  gifts: 10_000,
  home: 30_000,
  identities: 30_000,
  // balances change with every movement of value
  // a task's steps move on while it runs (the realtime stream refreshes sooner)
  dailyTasks: 2_000,
  ledger: 10_000,
  // viewer counts and the leaderboard move while a show is on (its events arrive on its stream)
  live: 5_000,
  // the console shows what other moderators did a moment ago
  moderation: 5_000,
  notices: 30_000,
  social: 30_000,
  recharge: 5_000,
  // a record appears with every movement of value
  records: 10_000,
  redeem: 30_000,
  reports: 30_000,
  search: 30_000,
  // ownership and the cart change with every purchase, prices with an admin's edit
  store: 10_000,
  users: 30_000,
  voices: 30_000,
  works: 30_000,
} as const satisfies Record<CallFamily, number>;

const familyByPath = new Map<string, CallFamily>((Object.keys(calls) as CallFamily[]).flatMap((family) => Object.values<CallDef>(calls[family]).map((call) => [call.path, family] as const)));

/** The family a call belongs to. */
export function familyOf(call: CallDef): CallFamily {
  const family = familyByPath.get(call.path);
  if (!family) throw new Error(`not a contract call: ${call.path}`);
  return family;
}

/**
 * The one cache key of a call's answer: its path, then its input. Every query of a call sits
 * under `[path]`, so `[path]` alone matches them all (invalidation, shadows). Paged lists leave
 * the cursor out: their pages live together under the key of the rest of the input.
 */
export function callKey<C extends CallDef>(call: C, input?: CallInput<C>): QueryKey {
  return input === undefined ? [call.path] : [call.path, input];
}

/** What a write makes stale: one call's answers, or a whole family's. */
export type Invalidates = readonly (CallDef | CallFamily)[];

/** Marks the cached answers of some calls or families stale, refetching those on screen. */
export function invalidateCalls(queryClient: QueryClient, targets: Invalidates): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const path = query.queryKey[0];
      if (typeof path !== 'string') return false;
      return targets.some((target) => (typeof target === 'string' ? familyByPath.get(path) === target : target.path === path));
    },
  });
}

/** Replaces the cached answer of a call (an updater sees undefined when nothing is cached). */
export function setCallData<C extends CallDef>(queryClient: QueryClient, call: C, input: CallInput<C>, data: CallOutput<C> | ((old: CallOutput<C> | undefined) => CallOutput<C> | undefined)): void {
  queryClient.setQueryData<CallOutput<C>>(callKey(call, input), data);
}
