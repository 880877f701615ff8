import type { ChatMessage, ConversationDetail } from '@starlit/contract';
import { leafFrom, shownBranch, siblingsOf } from '@starlit/contract/rules';
import type { z } from 'zod';
import type { ChatEvent } from './event-stream';

export type Message = z.output<typeof ChatMessage>;
export type Detail = z.output<typeof ConversationDetail>;

/** One message as the chat room shows it, with its place among its alternatives. */
export interface ShownMessage {
  message: Message;
  /** 1-based position among siblings and how many there are (1 / 1 when there is no alternative). */
  position: number;
  count: number;
  previousId: string | null;
  nextId: string | null;
  /** The agent's opening line (a root agent message): it cannot be regenerated. */
  opening: boolean;
}

/** The shown branch of a conversation with the swipe data of every message. */
export function shownMessages(detail: Pick<Detail, 'messages' | 'leafId'>): ShownMessage[] {
  return shownBranch(detail.messages, detail.leafId).map((message) => {
    const { siblings, index } = siblingsOf(detail.messages, message.id);
    return {
      message,
      position: index + 1,
      count: siblings.length,
      previousId: index > 0 ? siblings[index - 1].id : null,
      nextId: index >= 0 && index < siblings.length - 1 ? siblings[index + 1].id : null,
      opening: message.role === 'agent' && message.parentId === null,
    };
  });
}

/** Whether the shown branch ends in a reply still being written (by a stream this page did not start). */
export function endsStreaming(detail: Pick<Detail, 'messages' | 'leafId'>): boolean {
  const branch = shownBranch(detail.messages, detail.leafId);
  return branch.length > 0 && branch[branch.length - 1].status === 'streaming';
}

/** The detail after a swipe to `messageId`: the branch goes on down its newest replies. */
export function swipedTo(detail: Detail, messageId: string): Detail {
  return { ...detail, leafId: leafFrom(detail.messages, messageId) };
}

/** Ids of the messages a stream adds before the server has named them. */
export const PENDING_USER_ID = 'pending-user';
export const PENDING_REPLY_ID = 'pending-reply';

function draft(id: string, parentId: string | null, role: Message['role'], content: string, status: Message['status']): Message {
  return { id, parentId, role, content, status, engine: null, suggestions: [], voice: null, createdAt: new Date().toISOString() };
}

/**
 * The detail right after a send, before the server answers: the user's message under
 * `parentId` and an empty reply under it, shown at once.
 */
export function withPendingSend(detail: Detail, content: string, parentId: string | null): Detail {
  const user = draft(PENDING_USER_ID, parentId, 'user', content, 'complete');
  const reply = draft(PENDING_REPLY_ID, PENDING_USER_ID, 'agent', '', 'streaming');
  return { ...detail, messages: [...detail.messages, user, reply], leafId: PENDING_REPLY_ID };
}

/** The detail right after asking for an alternative of an agent message: an empty sibling of it. */
export function withPendingRegenerate(detail: Detail, messageId: string): Detail {
  const old = detail.messages.find((m) => m.id === messageId);
  const reply = draft(PENDING_REPLY_ID, old?.parentId ?? null, 'agent', '', 'streaming');
  return { ...detail, messages: [...detail.messages, reply], leafId: PENDING_REPLY_ID };
}

/** Drops the pending messages again (the server refused the send). */
export function withoutPending(detail: Detail, leafId: string | null): Detail {
  return { ...detail, messages: detail.messages.filter((m) => m.id !== PENDING_USER_ID && m.id !== PENDING_REPLY_ID), leafId };
}

function mapMessage(detail: Detail, id: string, change: (m: Message) => Message): Detail {
  return { ...detail, messages: detail.messages.map((m) => (m.id === id ? change(m) : m)) };
}

/**
 * Applies one stream event to the detail: the pending messages get their ids, tokens grow
 * the reply being written (`replyId`: the pending id until `start` names it).
 */
export function applyEvent(detail: Detail, event: ChatEvent, replyId: string): Detail {
  switch (event.type) {
    case 'start': {
      const { messageId, userMessageId, parentId } = event.data;
      const rename = (id: string | null) => (id === PENDING_USER_ID && userMessageId ? userMessageId : id === PENDING_REPLY_ID ? messageId : id);
      const messages = detail.messages.map((m) => {
        if (m.id === PENDING_REPLY_ID) return { ...m, id: messageId, parentId };
        if (m.id === PENDING_USER_ID && userMessageId) return { ...m, id: userMessageId };
        return m;
      });
      return { ...detail, messages, leafId: rename(detail.leafId) };
    }
    case 'token':
      return mapMessage(detail, replyId, (m) => ({ ...m, content: m.content + event.data.text }));
    case 'done':
      return mapMessage(detail, event.data.messageId, (m) => ({ ...m, status: event.data.status }));
    case 'suggestions':
      return mapMessage(detail, event.data.messageId, (m) => ({ ...m, suggestions: event.data.suggestions.slice(0, 3) }));
  }
}

/** Marks the reply being written as interrupted (the Stop button), keeping what arrived. */
export function withStopped(detail: Detail): Detail {
  return { ...detail, messages: detail.messages.map((m) => (m.status === 'streaming' ? { ...m, status: 'interrupted' } : m)) };
}
