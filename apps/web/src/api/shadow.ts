import { calls, type AgentCard, type CallDef, type WorkReactions } from '@starlit/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

type Card = z.output<typeof AgentCard>;
type Node = Record<string, unknown>;

/**
 * The fields of each entity kind a shadow may change: the ones every cached shape of it shares
 * with the same meaning (a card's `avatar` is a URL, a detail's an object, so it is not here).
 */
export interface ShadowFields {
  agent: Partial<Pick<Card, 'nickname' | 'tags' | 'isPublic' | 'status' | 'publishedAt'>>;
  work: Partial<Omit<z.output<typeof WorkReactions>, 'id'>>;
}
export type EntityKind = keyof ShadowFields;

/** Where an entity sits in a call's answer: the call, and how to recognise the entity by id. */
interface Holder {
  call: CallDef;
  is(node: Node, id: string): boolean;
}

const byId = (node: Node, id: string) => node.id === id;

/** Every call whose cached answers hold each kind of entity, lists and details alike. */
const HOLDERS: { [K in EntityKind]: readonly Holder[] } = {
  agent: [
    { call: calls.agents.get, is: byId },
    { call: calls.agents.mine, is: byId },
    { call: calls.agents.publicList, is: byId },
    { call: calls.home.feed, is: (node, id) => node.type === 'agent' && node.id === id },
    { call: calls.chat.hot, is: (node, id) => node.agentId === id },
  ],
  work: [
    { call: calls.works.get, is: byId },
    { call: calls.works.mine, is: byId },
    { call: calls.works.collections, is: byId },
    { call: calls.works.likedBy, is: byId },
  ],
};

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Applies the patch's fields the entity already has; answers the same object when nothing changed. */
function patched(node: Node, patch: Node): Node {
  const changes = Object.entries(patch).filter(([field, value]) => field in node && value !== undefined && node[field] !== value);
  return changes.length === 0 ? node : { ...node, ...Object.fromEntries(changes) };
}

/**
 * Walks cached data (a detail, a list, the pages of a paged list) and patches every entity the
 * holder recognises. Unchanged branches keep their identity, so only what changed re-renders.
 */
function walk(value: unknown, holder: Holder, id: string, patch: Node): unknown {
  if (Array.isArray(value)) {
    const next = value.map((item) => walk(item, holder, id, patch));
    return next.some((item, i) => item !== value[i]) ? next : value;
  }
  if (!isNode(value)) return value;
  if (holder.is(value, id)) return patched(value, patch);
  let changed = false;
  const next: Node = {};
  for (const [field, child] of Object.entries(value)) {
    next[field] = walk(child, holder, id, patch);
    if (next[field] !== child) changed = true;
  }
  return changed ? next : value;
}

/**
 * Changes one entity everywhere it is cached: every list and detail holding it shows the new
 * count or flag at once, without refetching (Bluesky's post shadow, done on the cache itself).
 * Queries not yet cached are left alone; they read the server's truth when they load.
 */
export function updateShadow<K extends EntityKind>(queryClient: QueryClient, kind: K, id: string, patch: ShadowFields[K]): void {
  for (const holder of HOLDERS[kind]) {
    queryClient.setQueriesData({ queryKey: [holder.call.path] }, (old: unknown) => (old === undefined ? old : walk(old, holder, id, patch)));
  }
}
