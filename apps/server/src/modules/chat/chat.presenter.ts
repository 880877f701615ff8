import type { ChatMessage, Conversation, ConversationDetail } from '@starlit/contract';
import type { z } from 'zod';
import type { ConversationRow, MessageRow } from './chat.repository.ts';
import type { ConversationDetail as Detail } from './chat.service.ts';

export function presentMessage(row: MessageRow): z.input<typeof ChatMessage> {
  return { id: row.id, parentId: row.parentId, role: row.role, content: row.content, status: row.status, engine: row.engine, createdAt: row.createdAt.toISOString() };
}

export function presentConversation(row: ConversationRow): z.input<typeof Conversation> {
  return {
    id: row.id,
    agentId: row.agentId,
    agentNickname: row.agentNickname,
    agentAvatar: row.agentAvatar,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
  };
}

export function presentDetail(detail: Detail): z.input<typeof ConversationDetail> {
  return { ...presentConversation(detail.conversation), messages: detail.messages.map(presentMessage) };
}
