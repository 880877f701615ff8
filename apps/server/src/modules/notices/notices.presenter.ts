import { interactNoticeText, interactTemplate, interactTitle, systemNoticeText, systemTemplate, type InteractNotice, type Language, type SystemNotice } from '@starlit/contract';
import type { z } from 'zod';
import type { InteractNoticeRow, SystemNoticeRow } from './notices.repository.ts';

/** The texts of a system notice in the reader's language: a product notice's from its template, an admin's as written. */
function systemTexts(row: SystemNoticeRow, lang: Language) {
  const template = systemTemplate(row.kind, row.params);
  return template ? systemNoticeText(template, lang) : { title: row.title, content: row.content };
}

/**
 * Titles the product stored before notices had templates, in the sender's language. Such a
 * notice still gets its title written from its actor in the reader's; its content stays as
 * sent. An admin's free text is none of these and stays as written.
 */
const templateless: Record<string, (title: string) => boolean> = {
  like: (title) => title.endsWith(' liked your work'),
  comment: (title) => title === 'New comment' || title === '新留言',
  reply: (title) => title === 'New reply' || title === '新回覆',
  follow: (title) => title === 'New follower' || title === '新粉絲',
};

/** The texts of an interact notice in the reader's language. */
function interactTexts(row: InteractNoticeRow, lang: Language) {
  const template = interactTemplate(row.kind, row.params);
  if (template) return interactNoticeText(template, { actorName: row.actorName, othersCount: row.othersCount }, lang);
  const written = row.params === null && row.actorName && templateless[row.kind]?.(row.title) ? interactTitle(row.kind, row.actorName, row.othersCount, lang) : null;
  return { title: written ?? row.title, content: row.content };
}

export function presentSystemNotice(row: SystemNoticeRow, lang: Language): z.input<typeof SystemNotice> {
  return {
    id: row.id,
    ...systemTexts(row, lang),
    audience: row.recipientId ? 'user' : 'everyone',
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentInteractNotice(row: InteractNoticeRow, lang: Language): z.input<typeof InteractNotice> {
  return {
    id: row.id,
    kind: row.kind,
    ...interactTexts(row, lang),
    actor: row.actorId && row.actorName ? { userId: row.actorId, userName: row.actorName, avatar: row.actorAvatar } : null,
    targetType: row.targetType,
    targetId: row.targetId,
    othersCount: row.othersCount,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
