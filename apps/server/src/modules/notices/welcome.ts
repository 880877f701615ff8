import type { UserRow } from '../users/users.repository.ts';
import type { NoticesService } from './notices.service.ts';

/** Every new account gets one system notice, so the notifications tab is never a dead end. */
export async function welcomeNotice(notices: NoticesService, user: UserRow) {
  await notices.sendSystem({
    recipientId: user.id,
    title: 'Welcome to Starlit ✨ 歡迎來到 Starlit',
    content:
      `Hi ${user.userName}! Create an AI character, chat with it, and share what you make with the community.\n\n` +
      `嗨，${user.userName}！建立你的 AI 角色、與它聊天，並與社群分享你的創作。`,
    createdBy: null,
  });
}
