import type { ChatMessage } from '../../ai/chat/index.ts';
import type { MessageRow } from './chat.repository.ts';

/** Characters of conversation sent with each reply; about 3,000 tokens, which every model takes. */
export const PROMPT_BUDGET_CHARS = 12_000;

/** Messages ordered so a parent always comes before its children (rows created in the same millisecond tie). */
export function treeOrder(rows: MessageRow[]): MessageRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const depth = (row: MessageRow): number => {
    let d = 0;
    for (let p = row.parentId; p; p = byId.get(p)?.parentId ?? null) d++;
    return d;
  };
  return rows
    .map((row, index) => ({ row, index, depth: depth(row) }))
    .sort((a, b) => a.row.createdAt.getTime() - b.row.createdAt.getTime() || a.depth - b.depth || a.index - b.index)
    .map((x) => x.row);
}

/** The branch ending at `leafId`, root first: the messages this branch of the tree has said. */
export function branchTo(rows: MessageRow[], leafId: string): MessageRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const branch: MessageRow[] = [];
  for (let row = byId.get(leafId); row; row = row.parentId ? byId.get(row.parentId) : undefined) branch.push(row);
  return branch.reverse();
}

/**
 * The prompt of a reply: the agent's role setting and intro as the system message, then the
 * newest messages of the branch that fit the budget (the last one, the user's, always goes).
 */
export function buildPrompt(agent: { roleSetting: string; roleIntro: string }, branch: MessageRow[], budget = PROMPT_BUDGET_CHARS): ChatMessage[] {
  const system: ChatMessage = { role: 'system', content: [agent.roleSetting, agent.roleIntro].filter((s) => s.trim()).join('\n\n') };
  const turns: ChatMessage[] = [];
  let used = 0;
  for (let i = branch.length - 1; i >= 0; i--) {
    const row = branch[i];
    // failed and interrupted replies still happened: the model sees what the user saw
    if (!row.content) continue;
    if (turns.length > 0 && used + row.content.length > budget) break;
    used += row.content.length;
    turns.unshift({ role: row.role === 'user' ? 'user' : 'assistant', content: row.content });
  }
  return [system, ...turns];
}
