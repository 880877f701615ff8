import type { ChatMemory, ChatMessage, Conversation, ConversationDetail, HotAgent } from '@starlit/contract';
import type { z } from 'zod';
import type { MemoryRow, MessageRow } from './chat.repository.ts';
import type { ConversationRow, ConversationDetail as Detail, HistoryRow, HotRow } from './chat.service.ts';

export function presentMessage(row: MessageRow): z.input<typeof ChatMessage> {
  return {
    id: row.id,
    parentId: row.parentId,
    role: row.role,
    content: row.content,
    status: row.status,
    engine: row.engine,
    suggestions: row.suggestions,
    voice: row.voice,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentConversation(row: ConversationRow, preview: string): z.input<typeof Conversation> {
  return {
    id: row.id,
    agentId: row.agentId,
    agentNickname: row.agentNickname,
    agentAvatar: row.agentAvatar,
    title: row.title,
    preview,
    createdAt: row.createdAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
  };
}

export const presentHistoryItem = (row: HistoryRow) => presentConversation(row, row.preview);

export function presentDetail(detail: Detail, engine: { name: string; offline: boolean }): z.input<typeof ConversationDetail> {
  const byId = new Map(detail.messages.map((m) => [m.id, m]));
  // the list shows the last thing said on the shown branch
  let preview = '';
  for (let m = detail.leafId ? byId.get(detail.leafId) : undefined; m && !preview; m = m.parentId ? byId.get(m.parentId) : undefined) preview = m.content;
  return {
    ...presentConversation(detail.conversation, preview),
    messages: detail.messages.map(presentMessage),
    leafId: detail.leafId,
    agentHasVoice: detail.agentHasVoice,
    engine: engine.name,
    offline: engine.offline,
  };
}

export function presentMemory(row: MemoryRow): z.input<typeof ChatMemory> {
  return {
    id: row.id,
    conversationId: row.conversationId,
    content: row.content,
    pinned: row.pinned,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentHot(row: HotRow): z.input<typeof HotAgent> {
  return { ...row, heat: Number(row.heat.toFixed(3)), lastChatAt: row.lastChatAt?.toISOString() ?? null };
}
