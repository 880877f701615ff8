import type { UserRow } from '../users/users.repository.ts';
import type { NoticesService } from './notices.service.ts';

/** Every new account gets one system notice, so the notifications tab is never a dead end; it reads in the reader's language. */
export async function welcomeNotice(notices: NoticesService, user: UserRow) {
  await notices.sendSystem({ recipientId: user.id, template: { kind: 'welcome', params: { userName: user.userName } }, createdBy: null });
}
