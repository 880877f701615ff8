import { useTranslation } from 'react-i18next';
import type { Notice } from './notice-types';

/** The words a like notice is written with, in the reader's language. */
export interface LikeWords {
  liked(name: string): string;
  likedWithOthers(name: string, others: number): string;
}

/**
 * The title a notice shows. A like on a work is written from its actor and folded count
 * ("Ana and 3 others liked your work") in the reader's language, as the stored title is in
 * the server's; every other notice shows the title it was sent with.
 */
export function noticeTitle(notice: Notice, words: LikeWords): string {
  if (!('actor' in notice) || !notice.actor || notice.kind !== 'like' || notice.targetType !== 'work') return notice.title;
  const name = notice.actor.userName;
  return notice.othersCount > 0 ? words.likedWithOthers(name, notice.othersCount) : words.liked(name);
}

/** `noticeTitle` with the notices namespace's words. */
export function useNoticeTitle(): (notice: Notice) => string {
  const { t } = useTranslation('notices');
  const words: LikeWords = {
    liked: (name) => t('interactTitle.likedWork', { name }),
    likedWithOthers: (name, count) => t('interactTitle.likedWorkOthers', { name, count }),
  };
  return (notice) => noticeTitle(notice, words);
}
