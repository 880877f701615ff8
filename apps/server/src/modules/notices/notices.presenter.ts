import type { InteractNotice, SystemNotice } from '@starlit/contract';
import type { z } from 'zod';
import type { InteractNoticeRow, SystemNoticeRow } from './notices.repository.ts';

export function presentSystemNotice(row: SystemNoticeRow): z.input<typeof SystemNotice> {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    audience: row.recipientId ? 'user' : 'everyone',
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentInteractNotice(row: InteractNoticeRow): z.input<typeof InteractNotice> {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    content: row.content,
    actor: row.actorId && row.actorName ? { userId: row.actorId, userName: row.actorName, avatar: row.actorAvatar } : null,
    targetType: row.targetType,
    targetId: row.targetId,
    othersCount: row.othersCount,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
