import type { Language } from '@starlit/contract';
import type { NoticesService } from '../notices/notices.service.ts';

const texts: Record<Language, (name: string) => { title: string; content: string }> = {
  en_US: (name) => ({ title: 'New follower', content: `${name} started following you` }),
  zh_TW: (name) => ({ title: '新粉絲', content: `${name} 開始追蹤你了` }),
};

/**
 * Tells a person someone followed them, in the language the follower was using (the only
 * language the server knows at that moment, as with the welcome notice). No second notice
 * while an earlier one from the same follower is unread, so follow, unfollow, follow again
 * does not fill the bell.
 */
export async function followNotice(notices: Pick<NoticesService, 'sendInteractOnce'>, follower: { id: string; userName: string }, followeeId: string, lang: Language) {
  await notices.sendInteractOnce({ recipientId: followeeId, actorId: follower.id, kind: 'follow', targetType: 'user', targetId: follower.id, ...texts[lang](follower.userName) });
}
