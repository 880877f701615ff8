import type { NoticesService } from '../notices/notices.service.ts';

/**
 * Tells a person someone followed them; the notice reads in the reader's language. No second
 * notice while an earlier one from the same follower is unread, so follow, unfollow, follow
 * again does not fill the bell.
 */
export async function followNotice(notices: Pick<NoticesService, 'sendInteractOnce'>, follower: { id: string; userName: string }, followeeId: string) {
  await notices.sendInteractOnce({
    recipientId: followeeId,
    actorId: follower.id,
    targetType: 'user',
    targetId: follower.id,
    template: { kind: 'follow', params: { actorName: follower.userName } },
  });
}
