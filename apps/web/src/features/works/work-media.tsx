import { useTranslation } from 'react-i18next';
import { openPictures } from '../../app/modal-areas';
import { imageUrl, staticUrl } from '../../platform/static-url';
import { DancePlayer } from '../creation/dance-player';
import { AudioPlayer } from './audio-player';
import { TaskAudio, TaskVideo, taskFile } from './task-media';
import type { Work } from './work-types';

const DETAIL_IMAGE_WIDTH = 1200;
const THUMB_WIDTH = 400;

/** The pictures a work shows: a picture work's file, or a post's pictures. */
function picturesOf(work: Work): string[] {
  if (work.kind === 'post') return work.images;
  return work.kind === 'image' && work.media ? [work.media] : [];
}

/** A file of the creation or daily task a work was published from (a dance's song and model). */
const sourceFile = (work: Work, role: 'song' | 'character') => work.creation?.files.find((f) => f.role === role)?.url ?? taskFile(work, role);

/**
 * A work's media: a picture or a post's pictures (each opens SCAN_IMAGE), a sound with its
 * waveform, a video, or a dance played in 3D in time with its song. A work published from a
 * daily task plays with the task's files: subtitles, lyrics, the dance's song and model.
 */
export function WorkMedia({ work }: { work: Work }) {
  const { t } = useTranslation('works');
  const pictures = picturesOf(work);
  const cover = work.cover;

  if (work.kind === 'dance') {
    const song = sourceFile(work, 'song');
    const model = sourceFile(work, 'character');
    if (!work.media || !song || !model) return <p className="rounded-xl bg-brand-50 p-6 text-sm text-muted dark:bg-white/5">{t('detail.noMedia')}</p>;
    return (
      // the detail's grid stretches its cells to the taller one: the player keeps its own height inside
      <div>
        <DancePlayer vrmUrl={model} vrmaUrl={work.media} audioUrl={song} title={work.name} />
      </div>
    );
  }

  if (work.kind === 'video') {
    if (!work.media) return <p className="rounded-xl bg-brand-50 p-6 text-sm text-muted dark:bg-white/5">{t('detail.noMedia')}</p>;
    if (work.task) return <TaskVideo work={work} media={work.media} />;
    return (
      <video
        controls
        preload="metadata"
        poster={work.cover ? imageUrl(work.cover, DETAIL_IMAGE_WIDTH) : undefined}
        src={staticUrl(work.media)}
        className="aspect-video w-full rounded-xl bg-black"
        aria-label={work.name}
      />
    );
  }
  if (work.kind === 'audio') {
    // a daily task's sound: its share card stands for the cover it has none of
    const picture = cover ?? (work.task ? taskFile(work, 'card') : null);
    return (
      <div className="flex flex-col gap-3">
        {picture && (
          <button
            type="button"
            onClick={() => openPictures([picture])}
            aria-label={t('detail.openCover')}
            className="block w-full cursor-zoom-in rounded-xl focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <img src={imageUrl(picture, DETAIL_IMAGE_WIDTH)} alt="" className="aspect-[16/10] w-full rounded-xl object-cover" />
          </button>
        )}
        {!work.media ? (
          <p className="text-sm text-muted">{t('detail.noMedia')}</p>
        ) : work.task ? (
          <TaskAudio work={work} media={work.media} />
        ) : (
          <AudioPlayer src={staticUrl(work.media)} name={work.name} />
        )}
      </div>
    );
  }
  const single = pictures.length === 1;
  // a daily task's comic page is tall: shown at its width to be read, the full screen view zooms further
  const page = single && taskFile(work, 'page') !== null;
  return (
    <div className="flex flex-col gap-4">
      {work.kind === 'post' && work.description && <p className="text-base leading-relaxed break-words whitespace-pre-line text-ink">{work.description}</p>}
      {pictures.length > 0 && (
        <ul className={single ? '' : 'grid grid-cols-3 gap-1.5'}>
          {pictures.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => openPictures(pictures, i)}
                aria-label={t('detail.openPicture', { n: i + 1 })}
                className="block w-full cursor-zoom-in overflow-hidden rounded-xl bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:bg-white/5"
              >
                <img
                  src={imageUrl(src, single ? DETAIL_IMAGE_WIDTH : THUMB_WIDTH)}
                  alt={single ? work.name : ''}
                  className={page ? 'w-full' : single ? 'max-h-[70dvh] w-full object-contain' : 'aspect-square w-full object-cover'}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
