/**
 * The conversation tree (SPEC §1, issue #4): every message has a parent, a regenerated reply or
 * an edited question is a sibling of the old one, and the chat room shows one branch at a time.
 * Server and web walk the tree with these same functions, so both agree on what a branch is.
 * Messages are expected oldest first (a parent always before its children).
 */
export interface TreeNode {
  id: string;
  parentId: string | null;
}

/** The branch ending at `leafId`, root first. */
export function branchTo<T extends TreeNode>(messages: readonly T[], leafId: string | null): T[] {
  const byId = new Map(messages.map((m) => [m.id, m]));
  const branch: T[] = [];
  for (let node = leafId ? byId.get(leafId) : undefined; node; node = node.parentId ? byId.get(node.parentId) : undefined) branch.push(node);
  return branch.reverse();
}

/** The children of each message (roots under ""), oldest first. */
export function childrenOf<T extends TreeNode>(messages: readonly T[]): Map<string, T[]> {
  const children = new Map<string, T[]>();
  for (const m of messages) {
    const key = m.parentId ?? '';
    const list = children.get(key);
    if (list) list.push(m);
    else children.set(key, [m]);
  }
  return children;
}

/** Where a branch goes on from `id`: down the newest child at every step, to a leaf. */
export function leafFrom<T extends TreeNode>(messages: readonly T[], id: string): string {
  const children = childrenOf(messages);
  let leaf = id;
  for (let next = children.get(leaf); next && next.length > 0; next = children.get(leaf)) leaf = next[next.length - 1].id;
  return leaf;
}

/** The shown branch: the chosen leaf when it is still in the tree, otherwise the newest message's branch. */
export function shownBranch<T extends TreeNode>(messages: readonly T[], leafId: string | null): T[] {
  if (messages.length === 0) return [];
  const known = leafId !== null && messages.some((m) => m.id === leafId);
  return branchTo(messages, known ? leafId : messages[messages.length - 1].id);
}

/** A message's place among its siblings (alternatives), for the "2 / 3" swipe control. */
export function siblingsOf<T extends TreeNode>(messages: readonly T[], id: string): { siblings: T[]; index: number } {
  const node = messages.find((m) => m.id === id);
  if (!node) return { siblings: [], index: -1 };
  const siblings = childrenOf(messages).get(node.parentId ?? '') ?? [];
  return { siblings, index: siblings.findIndex((m) => m.id === id) };
}
