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
  /** Up to three short replies the user could send next (agent messages only). */
  suggestions: z.array(z.string()),
  /** The spoken reply, once someone played it; null until then. */
  voice: z.string().nullable(),
  createdAt: z.string(),
});

/** A conversation in the history list. */
export const Conversation = z.object({
  id: z.string(),
  agentId: z.string(),
  agentNickname: z.string(),
  agentAvatar: z.string().nullable(),
  title: z.string(),
  /** The last thing said on the shown branch, for the list. */
  preview: z.string(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
});

/** A conversation with every message of its tree, oldest first, and the branch being shown. */
export const ConversationDetail = Conversation.extend({
  messages: z.array(ChatMessage),
  /** The last message of the shown branch (see rules/chat-tree.ts); null when the tree is empty. */
  leafId: z.string().nullable(),
  /** Whether the agent has a voice, so the play button can say why it cannot speak. */
  agentHasVoice: z.boolean(),
  /** The chat engine answering now; the chat room says plainly when it is the offline engine. */
  engine: z.string(),
  offline: z.boolean(),
});

/** A memory of a conversation: made every MEMORY_EVERY_TURNS turns, or written by the user. */
export const ChatMemory = z.object({
  id: z.string(),
  conversationId: z.string(),
  content: z.string(),
  /** Pinned memories always go into the prompt. */
  pinned: z.boolean(),
  /** 'summary' when the model summarized turns, 'user' when the user wrote it. */
  source: z.enum(['summary', 'user']),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A public agent in the hot list, ranked by recent chat activity with time decay. */
export const HotAgent = z.object({
  agentId: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  intro: z.string(),
  /** Sum over recent user messages of 0.5^(age in hours / HOT_HALF_LIFE_HOURS). */
  heat: z.number(),
  /** People who chatted with the agent in the window. */
  chatters: z.number().int(),
  /** Null for agents nobody chatted with in the window: they follow the ranked ones, newest first. */
  lastChatAt: z.string().nullable(),
});

/** The longest message a user may send, in characters (code points). */
export const CHAT_MESSAGE_MAX = 2000;
/** Conversations one delete takes, all or none: more than "select all" holds after many pages. */
export const CHAT_DELETE_MAX = 1000;
/** The longest memory entry, in characters. */
export const CHAT_MEMORY_MAX = 500;
/** A conversation is summarized into memories after every this many user turns. */
export const MEMORY_EVERY_TURNS = 6;
/** Chat activity older than this is not counted in the hot list. */
export const HOT_WINDOW_DAYS = 14;
/** Activity loses half its weight in the hot list every this many hours. */
export const HOT_HALF_LIFE_HOURS = 24;

// the exact limit is checked by the service, so a too-long message gets its own clear error
// (7006) instead of a generic field error; this bound only keeps bodies sane
const messageText = z
  .string()
  .trim()
  .min(1)
  .max(CHAT_MESSAGE_MAX * 4);

/** What the streaming send takes (a plain POST route answering text/event-stream, not a call). */
export const ChatSendInput = z.object({
  conversationId: z.string().uuid(),
  content: messageText,
  /**
   * The message this one answers; the end of the shown branch when left out. Editing a user
   * message is a send with the edited message's parent: a new branch beside the old one.
   */
  parentId: z.string().uuid().nullable().optional(),
});

/** What the streaming regenerate takes: the agent message to write an alternative for. */
export const ChatRegenerateInput = z.object({
  conversationId: z.string().uuid(),
  messageId: z.string().uuid(),
});

/** The path of the streaming send. */
export const CHAT_SEND_PATH = '/ai/api/v1/chat/send';
/** The path of the streaming regenerate: a new sibling of an agent message, any message of the tree. */
export const CHAT_REGENERATE_PATH = '/ai/api/v1/chat/regenerate';

/**
 * The events of a streaming send or regenerate, in order: one `start`, `token`s, one `done`
 * (the input may take the next message from here), then at most one `suggestions`. Each
 * event's data is one JSON object; clients check it against these schemas.
 */
export const ChatStreamEvent = {
  start: z.object({ messageId: z.string(), userMessageId: z.string().nullable(), parentId: z.string().nullable() }),
  token: z.object({ text: z.string() }),
  done: z.object({ messageId: z.string(), userMessageId: z.string().nullable(), status: z.enum(['complete', 'interrupted', 'failed']) }),
  suggestions: z.object({ messageId: z.string(), suggestions: z.array(z.string()) }),
};

/** The data of each stream event, by event name. */
export type ChatStreamEvents = { [K in keyof typeof ChatStreamEvent]: z.infer<(typeof ChatStreamEvent)[K]> };

const conversationId = z.object({ conversationId: z.string().uuid() });

export const chatCalls = {
  open: defineCall({
    path: '/ai/api/v1/chat/open',
    /** `fresh` starts a new conversation ("New chat"); without it the latest one with the agent is resumed. */
    input: z.object({ agentId: z.string().uuid(), fresh: z.boolean().optional() }),
    output: ConversationDetail,
    access: 'user',
    summary: "Resumes the latest conversation with an agent, or starts one (always with fresh: true); a new one's first message is the agent's opening line",
    tag: 'chat',
  }),
  history: defineCall({
    path: '/ai/api/v1/chat/history',
    input: PageInput.extend({ agentId: z.string().uuid().optional() }),
    output: pageOf(Conversation),
    access: 'user',
    summary: 'My conversations (optionally with one agent), most recently active first',
    tag: 'chat',
  }),
  messages: defineCall({
    path: '/ai/api/v1/chat/messages',
    input: conversationId,
    output: ConversationDetail,
    access: 'user',
    summary: 'A conversation of mine with all its messages and the branch being shown',
    tag: 'chat',
  }),
  select: defineCall({
    path: '/ai/api/v1/chat/select',
    input: z.object({ conversationId: z.string().uuid(), messageId: z.string().uuid() }),
    output: z.object({ leafId: z.string() }),
    access: 'user',
    summary: 'Shows the branch through a message (following the newest replies below it), e.g. after a swipe',
    tag: 'chat',
  }),
  remove: defineCall({
    path: '/ai/api/v1/chat/delete',
    input: z.object({ conversationIds: z.array(z.string().uuid()).min(1).max(CHAT_DELETE_MAX) }),
    output: z.object({ deleted: z.number().int() }),
    access: 'user',
    summary: "Deletes conversations of mine, all of them or none (403 when any is someone else's)",
    tag: 'chat',
  }),
  hot: defineCall({
    path: '/ai/api/v1/chat/hot',
    input: z.object({ limit: z.number().int().min(1).max(50).default(20) }),
    output: z.object({ items: z.array(HotAgent) }),
    access: 'public',
    summary: 'Public agents ranked by recent chat activity, newer activity weighing more',
    tag: 'chat',
  }),
  voice: defineCall({
    path: '/ai/api/v1/chat/voice',
    input: z.object({ messageId: z.string().uuid(), regenerate: z.boolean().default(false) }),
    output: z.object({ messageId: z.string(), voice: z.string(), engine: z.string() }),
    access: 'user',
    summary: "Speaks an agent message with the agent's first voice and its settings (kept, so replaying is free)",
    tag: 'chat',
  }),
  memories: defineCall({
    path: '/ai/api/v1/chat/memories',
    input: conversationId,
    output: z.object({ items: z.array(ChatMemory), everyTurns: z.number().int() }),
    access: 'user',
    summary: 'The memories of a conversation of mine, pinned first',
    tag: 'chat',
  }),
  memoryAdd: defineCall({
    path: '/ai/api/v1/chat/memory/add',
    input: z.object({ conversationId: z.string().uuid(), content: z.string().trim().min(1).max(CHAT_MEMORY_MAX), pinned: z.boolean().default(true) }),
    output: ChatMemory,
    access: 'user',
    summary: 'Writes a memory by hand (pinned unless said otherwise)',
    tag: 'chat',
  }),
  memoryUpdate: defineCall({
    path: '/ai/api/v1/chat/memory/update',
    input: z.object({ id: z.string().uuid(), content: z.string().trim().min(1).max(CHAT_MEMORY_MAX).optional(), pinned: z.boolean().optional() }),
    output: ChatMemory,
    access: 'user',
    summary: 'Edits or pins/unpins a memory of my conversation',
    tag: 'chat',
  }),
  memoryDelete: defineCall({
    path: '/ai/api/v1/chat/memory/delete',
    input: z.object({ id: z.string().uuid() }),
    output: z.object({ deleted: z.boolean() }),
    access: 'user',
    summary: 'Deletes a memory of my conversation',
    tag: 'chat',
  }),
};

/** A message's length as the limit counts it: characters (code points), after trimming. */
export const chatLength = (text: string): number => [...text.trim()].length;
