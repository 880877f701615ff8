import { useTranslation } from 'react-i18next';
import type { Notice } from './notice-types';

/** The words interact notices are written with, in the reader's language. */
export interface NoticeWords {
  liked(name: string): string;
  likedWithOthers(name: string, others: number): string;
  commented(name: string): string;
  replied(name: string): string;
  followed(name: string): string;
}

/**
 * The title a notice shows. What another person did (a like, with its folded count, a
 * comment, a reply, a follow) is written from its actor in the reader's language, as the
 * stored title is in the language of whoever caused it (accounts keep none); system notices
 * and notices whose actor is gone show the title they were sent with.
 */
export function noticeTitle(notice: Notice, words: NoticeWords): string {
  if (!('actor' in notice) || !notice.actor) return notice.title;
  const name = notice.actor.userName;
  switch (notice.kind) {
    case 'like':
      if (notice.targetType !== 'work') return notice.title;
      return notice.othersCount > 0 ? words.likedWithOthers(name, notice.othersCount) : words.liked(name);
    case 'comment':
      return words.commented(name);
    case 'reply':
      return words.replied(name);
    case 'follow':
      return words.followed(name);
    default:
      return notice.title;
  }
}

/** `noticeTitle` with the notices namespace's words. */
export function useNoticeTitle(): (notice: Notice) => string {
  const { t } = useTranslation('notices');
  const words: NoticeWords = {
    liked: (name) => t('interactTitle.likedWork', { name }),
    likedWithOthers: (name, count) => t('interactTitle.likedWorkOthers', { name, count }),
    commented: (name) => t('interactTitle.commented', { name }),
    replied: (name) => t('interactTitle.replied', { name }),
    followed: (name) => t('interactTitle.followed', { name }),
  };
  return (notice) => noticeTitle(notice, words);
}
