import type { Language } from '@starlit/contract';

/** How much of the comment a notice quotes. */
const EXCERPT = 60;

const excerpt = (text: string) => {
  const chars = Array.from(text.replace(/\s+/g, ' '));
  return chars.length > EXCERPT ? `${chars.slice(0, EXCERPT).join('')}…` : chars.join('');
};

const texts: Record<Language, Record<'comment' | 'reply', (name: string, work: string, text: string) => { title: string; content: string }>> = {
  en_US: {
    comment: (name, work, text) => ({ title: 'New comment', content: `${name} commented on your work "${work}": ${text}` }),
    reply: (name, work, text) => ({ title: 'New reply', content: `${name} replied to your comment on "${work}": ${text}` }),
  },
  zh_TW: {
    comment: (name, work, text) => ({ title: '新留言', content: `${name} 在你的作品「${work}」留言：${text}` }),
    reply: (name, work, text) => ({ title: '新回覆', content: `${name} 回覆了你在「${work}」的留言：${text}` }),
  },
};

/**
 * The interact notice of a comment or a reply, in the commenter's language: the only language
 * the server knows at that moment (accounts keep none), as the welcome notice does.
 */
export function commentNotice(lang: Language, kind: 'comment' | 'reply', actorName: string, workName: string, text: string) {
  return texts[lang][kind](actorName, workName, excerpt(text));
}
