import { ErrorCode } from '@starlit/contract';
import { AppError, forbidden } from '../../platform/errors.ts';
import { decodeCursor, toPage } from '../../platform/pagination.ts';
import type { ChatMessage, ChatModel } from '../../ai/chat/index.ts';
import { branchTo, buildPrompt, treeOrder } from './chat.prompt.ts';
import type { ChatRepository, ConversationRow, MessageRow } from './chat.repository.ts';

export interface ConversationDetail {
  conversation: ConversationRow;
  messages: MessageRow[];
}

/** A reply about to stream: the stored user message, the agent message to fill, and the prompt. */
export interface PendingReply {
  userMessage: MessageRow;
  agentMessage: MessageRow;
  prompt: ChatMessage[];
  /** Frees the conversation for the next send; call once the reply is stored. */
  release(): void;
}

export function chatService(deps: { chat: ChatRepository; model: ChatModel }) {
  const { chat, model } = deps;
  // One reply at a time per conversation (SPEC §1: the input waits). Claimed synchronously,
  // so two sends arriving together cannot both pass the check.
  const replying = new Set<string>();

  async function owned(userId: string, conversationId: string): Promise<ConversationRow> {
    const conversation = await chat.conversation(conversationId);
    if (!conversation) throw new AppError(ErrorCode.CHAT_CONVERSATION_NOT_FOUND);
    if (conversation.userId !== userId) throw forbidden();
    return conversation;
  }

  async function detail(conversation: ConversationRow): Promise<ConversationDetail> {
    return { conversation, messages: treeOrder(await chat.messages(conversation.id)) };
  }

  return {
    model,

    async open(userId: string, agentId: string): Promise<ConversationDetail> {
      const agent = await chat.agent(agentId);
      const visible = agent && (agent.ownerId === userId || (agent.isPublic && agent.publishedAt !== null));
      if (!agent || !visible) throw new AppError(ErrorCode.CHAT_AGENT_NOT_FOUND);
      const id = await chat.open(userId, agent);
      return detail((await chat.conversation(id))!);
    },

    async history(userId: string, cursor: string | undefined, limit: number) {
      const rows = await chat.history(userId, decodeCursor(cursor), limit);
      return toPage(rows, limit, (r) => ({ at: r.lastActivityAt, id: r.id }));
    },

    async messages(userId: string, conversationId: string): Promise<ConversationDetail> {
      return detail(await owned(userId, conversationId));
    },

    /** Stores the user's message and an empty streaming reply, and builds the prompt for it. */
    async prepareReply(userId: string, input: { conversationId: string; content: string; parentId?: string }): Promise<PendingReply> {
      const conversation = await owned(userId, input.conversationId);
      if (replying.has(conversation.id)) throw new AppError(ErrorCode.CHAT_REPLY_RUNNING);
      replying.add(conversation.id);
      const release = () => replying.delete(conversation.id);
      try {
        const rows = treeOrder(await chat.messages(conversation.id));
        const parent = input.parentId ? rows.find((r) => r.id === input.parentId) : rows[rows.length - 1];
        if (input.parentId && !parent) throw new AppError(ErrorCode.CHAT_PARENT_NOT_FOUND);
        const userMessage = await chat.insertMessage({ conversationId: conversation.id, parentId: parent?.id ?? null, role: 'user', content: input.content, status: 'complete' });
        const agentMessage = await chat.insertMessage({ conversationId: conversation.id, parentId: userMessage.id, role: 'agent', content: '', status: 'streaming', engine: model.engine });
        const prompt = buildPrompt(conversation, branchTo([...rows, userMessage], userMessage.id));
        return { userMessage, agentMessage, prompt, release };
      } catch (err) {
        release();
        throw err;
      }
    },

    finishReply(messageId: string, content: string, status: MessageRow['status']): Promise<void> {
      return chat.updateMessage(messageId, { content, status });
    },
  };
}

export type ChatService = ReturnType<typeof chatService>;
