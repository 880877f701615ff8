import { MEMORY_EVERY_TURNS } from '@starlit/contract';
import { branchTo } from '@starlit/contract/rules';
import type { ChatModel } from '../../ai/chat/index.ts';
import { summarizeTurns } from './chat.memory.ts';
import { treeOrder } from './chat.prompt.ts';
import type { ChatRepository, MessageRow } from './chat.repository.ts';
import type { Turn } from './chat.suggestions.ts';

/** The agent's own texts, which the offline engine answers from and the memory summary reads. */
export const personaOf = (agent: { roleSetting: string; roleIntro: string }) => [agent.roleSetting, agent.roleIntro].filter((s) => s.trim()).join('\n\n');

export const turnsOf = (rows: MessageRow[]): Turn[] => rows.filter((r) => r.content).map((r) => ({ role: r.role === 'user' ? 'user' : 'assistant', content: r.content }));

/** The memory summary after a reply (the `chat.memories` job's work). */
export function chatRemember(deps: {
  chat: ChatRepository;
  model: ChatModel;
  /** The conversation with its agent's name and texts, if it is still there. */
  conversation(id: string): Promise<{ memoryThroughId: string | null; agentNickname: string; roleSetting: string; roleIntro: string } | undefined>;
}) {
  const { chat } = deps;

  /**
   * How many of the branch's questions were summarized already. The mark may sit on another
   * branch (after an edit): then the questions this branch shares with it were.
   */
  async function summarizedOnBranch(conversationId: string, questions: MessageRow[], through: string | null): Promise<number> {
    if (!through) return 0;
    const onBranch = questions.findIndex((q) => q.id === through);
    if (onBranch >= 0) return onBranch + 1;
    const rows = await chat.messages(conversationId);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const shared = new Set<string>();
    for (let m = byId.get(through); m; m = m.parentId ? byId.get(m.parentId) : undefined) shared.add(m.id);
    let count = 0;
    questions.forEach((q, i) => {
      if (shared.has(q.id)) count = i + 1;
    });
    return count;
  }

  /**
   * Every MEMORY_EVERY_TURNS user turns up to a reply, a summary of them into memory entries.
   * Throws when the summary could not be stored (the job tries again).
   */
  return async function remember(conversationId: string, agentMessageId: string, signal: AbortSignal): Promise<void> {
    const conversation = await deps.conversation(conversationId);
    if (!conversation) return;
    const branch = branchTo(treeOrder(await chat.messages(conversationId)), agentMessageId);
    // turns since the last summary: a regenerated or edited reply does not summarize the
    // same turns again, and turns after a failed reply wait for the next complete one
    const questions = branch.filter((r) => r.role === 'user');
    if (questions.length < MEMORY_EVERY_TURNS) return;
    const through = conversation.memoryThroughId;
    const fresh = questions.slice(await summarizedOnBranch(conversationId, questions, through));
    if (fresh.length < MEMORY_EVERY_TURNS) return;
    const last = fresh[fresh.length - 1].id;
    if (!(await chat.claimMemoryThrough(conversationId, through, last))) return;
    const recent = branch.slice(branch.indexOf(fresh[0]));
    try {
      const known = (await chat.memories(conversationId)).map((m) => m.content);
      const entries = await summarizeTurns(deps.model, { persona: personaOf(conversation), agentName: conversation.agentNickname, turns: turnsOf(recent), known }, signal);
      await chat.addMemories(entries.map((content) => ({ conversationId, content, source: 'summary' as const })));
    } catch (err) {
      // not remembered after all: the next attempt (or the next complete reply) tries these turns again
      await chat.claimMemoryThrough(conversationId, last, through);
      throw err;
    }
  };
}
