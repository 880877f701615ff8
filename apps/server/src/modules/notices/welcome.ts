import type { Language } from '@starlit/contract';
import type { UserRow } from '../users/users.repository.ts';
import type { NoticesService } from './notices.service.ts';

const texts: Record<Language, (name: string) => { title: string; content: string }> = {
  en_US: (name) => ({
    title: 'Welcome to Starlit',
    content: `Hi ${name}! Create an AI character, chat with it, and share what you make with the community.`,
  }),
  zh_TW: (name) => ({
    title: '歡迎來到 Starlit',
    content: `嗨，${name}！建立你的 AI 智能體、與它聊天，並與社群分享你的創作。`,
  }),
};

/** Every new account gets one system notice, in its language, so the notifications tab is never a dead end. */
export async function welcomeNotice(notices: NoticesService, user: UserRow, lang: Language) {
  await notices.sendSystem({ recipientId: user.id, ...texts[lang](user.userName), createdBy: null });
}
