import { z } from 'zod';
import { defineCall, PageInput, pageOf } from '../call.ts';

/** One message of a conversation; parentId links the tree of branches (SPEC §1). */
export const ChatMessage = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  role: z.enum(['user', 'agent']),
  content: z.string(),
  status: z.enum(['complete', 'streaming', 'interrupted', 'failed']),
  /** Which chat engine wrote an agent reply; null for typed messages and opening lines. */
  engine: z.string().nullable(),
  createdAt: z.string(),
});

/** A conversation in the history list. */
export const Conversation = z.object({
  id: z.string(),
  agentId: z.string(),
  agentNickname: z.string(),
  agentAvatar: z.string().nullable(),
  title: z.string(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
});

/** A conversation with its messages, oldest first. */
export const ConversationDetail = Conversation.extend({ messages: z.array(ChatMessage) });

/** The longest message a user may send. */
export const CHAT_MESSAGE_MAX = 2000;

/** What the streaming send route takes (it is a plain POST route answering text/event-stream, not a call). */
export const ChatSendInput = z.object({
  conversationId: z.string().uuid(),
  content: z.string().trim().min(1).max(CHAT_MESSAGE_MAX),
  /** The message this one answers; the newest message of the conversation when left out. */
  parentId: z.string().uuid().optional(),
});

/** The path of the streaming send. */
export const CHAT_SEND_PATH = '/ai/api/v1/chat/send';

export const chatCalls = {
  open: defineCall({
    path: '/ai/api/v1/chat/open',
    input: z.object({ agentId: z.string().uuid() }),
    output: ConversationDetail,
    access: 'user',
    summary: 'Starts a conversation with an agent; its first message is the agent\'s opening line',
    tag: 'chat',
  }),
  history: defineCall({
    path: '/ai/api/v1/chat/history',
    input: PageInput,
    output: pageOf(Conversation),
    access: 'user',
    summary: 'My conversations, most recently active first',
    tag: 'chat',
  }),
  messages: defineCall({
    path: '/ai/api/v1/chat/messages',
    input: z.object({ conversationId: z.string().uuid() }),
    output: ConversationDetail,
    access: 'user',
    summary: 'A conversation of mine with all its messages',
    tag: 'chat',
  }),
};
