import type { ChatMessage } from '../../ai/chat/index.ts';
import type { IdentityRow } from '../identities/identities.repository.ts';
import type { MessageRow } from './chat.repository.ts';

/** Tokens asked of the model for one reply: a chat turn, not an essay. */
export const MAX_REPLY_TOKENS = 800;

const CJK = /[\u3400-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]/g;

/**
 * A tokenizer-free estimate that errs high: about four Latin characters per token, and one
 * token per Chinese, Japanese or Korean character (BPE vocabularies rarely merge them).
 */
export function estimateTokens(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

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

export interface PromptContext {
  agent: { nickname: string; roleSetting: string; roleIntro: string };
  identity: Pick<IdentityRow, 'name' | 'gender' | 'background'> | null;
  /** Pinned memories: they always go in. */
  memories: string[];
  /** The branch being answered, root first; its last message is what the reply answers. */
  branch: MessageRow[];
  /** The model's context window in tokens (LLM_CONTEXT_TOKENS). */
  contextTokens: number;
}

/** The system message: who the agent is, who it talks with, and what it must remember (docs/chat.md). */
export function systemPrompt(ctx: Omit<PromptContext, 'branch' | 'contextTokens'>): string {
  const parts = [ctx.agent.roleSetting, ctx.agent.roleIntro].filter((s) => s.trim());
  if (ctx.identity) {
    const who = [`Name: ${ctx.identity.name}`, `Gender: ${ctx.identity.gender}`, ctx.identity.background.trim()].filter(Boolean);
    parts.push(`[The person you are talking with]\n${who.join('\n')}`);
  }
  if (ctx.memories.length > 0) parts.push(`[Things to remember]\n${ctx.memories.map((m) => `- ${m}`).join('\n')}`);
  parts.push(`Stay in character as ${ctx.agent.nickname}. Answer in the language the person writes in.`);
  return parts.join('\n\n');
}

/**
 * The prompt of a reply: the system message, then the newest messages of the branch that fit
 * the context window after the system message and the reply's own tokens. The message being
 * answered always goes, however long.
 */
export function buildPrompt(ctx: PromptContext): ChatMessage[] {
  // pinned memories take at most a quarter of the context, oldest pinned first, so pinning
  // many never crowds the conversation out (or past the model's window)
  const memories: string[] = [];
  let remembered = 0;
  for (const memory of ctx.memories) {
    remembered += estimateTokens(memory) + 2;
    if (remembered > ctx.contextTokens / 4) break;
    memories.push(memory);
  }
  const system: ChatMessage = { role: 'system', content: systemPrompt({ ...ctx, memories }) };
  const budget = ctx.contextTokens - MAX_REPLY_TOKENS - estimateTokens(system.content);
  const turns: ChatMessage[] = [];
  let used = 0;
  for (let i = ctx.branch.length - 1; i >= 0; i--) {
    const row = ctx.branch[i];
    // failed and interrupted replies still happened: the model sees what the user saw
    if (!row.content) continue;
    const cost = estimateTokens(row.content);
    if (turns.length > 0 && used + cost > budget) break;
    used += cost;
    turns.unshift({ role: row.role === 'user' ? 'user' : 'assistant', content: row.content });
  }
  return [system, ...turns];
}
