import { TASK_PUBLISHED_AS, type DailyTaskType } from '@starlit/contract';
import type { DailyTaskRow } from './daily-tasks.repository.ts';

/**
 * What a finished task's work shows (docs/daily-tasks.md, Publishing): its kind and category, the
 * file it plays or shows (storage keys), and its cover. A comic shows its page; speech and songs
 * their MP3 (the subtitles or lyrics travel in the work's files); a dance its `.vrma` with its
 * song and model; a video its MP4 with the share card as the poster.
 */
export function publishedFiles(type: DailyTaskType, files: DailyTaskRow['files']) {
  const key = (...roles: string[]) => roles.map((role) => files.find((f) => f.role === role)?.key).find(Boolean) ?? null;
  const as = TASK_PUBLISHED_AS[type];
  const shown: Record<DailyTaskType, { media: string | null; cover: string | null }> = {
    text_to_image: { media: key('image'), cover: key('image') },
    text_to_comic: { media: key('page'), cover: key('page') },
    text_to_speech: { media: key('mp3', 'audio'), cover: null },
    text_to_song: { media: key('mp3', 'audio'), cover: null },
    text_to_dance: { media: key('dance'), cover: null },
    comic_to_video: { media: key('video'), cover: key('card', 'panel') },
  };
  const { media, cover } = shown[type];
  return media ? { as, media, cover } : null;
}
