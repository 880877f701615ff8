import type { CreationFile } from '@starlit/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageUrl, staticUrl } from '../../platform/static-url';
import { AudioPlayer } from './audio-player';
import { cueAt, parseVtt } from '../../platform/vtt';
import type { Work } from './work-types';

const DETAIL_IMAGE_WIDTH = 1200;

/** A file of the daily task a work was published from, by role. */
export const taskFile = (work: Work, role: CreationFile['role']) => work.task?.files.find((f) => f.role === role)?.url ?? null;

/** The language of a task's words for its track: a task's language follows its text (Chinese text makes a Chinese piece). */
const wordsLang = (work: Work) => (/\p{Script=Han}/u.test(`${work.name} ${work.prompt}`) ? 'zh-TW' : 'en');

/** The text of a stored file (a lyric sheet, a subtitles file), read once and kept: it never changes. */
function useFileText(url: string | null) {
  return useQuery({
    queryKey: ['file-text', url],
    queryFn: async ({ signal }) => {
      const res = await fetch(staticUrl(url ?? ''), { signal });
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return res.text();
    },
    enabled: url !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}

/** A daily task's video: its words are burned into the picture, and the subtitles track is offered for whoever turns it on. */
export function TaskVideo({ work, media }: { work: Work; media: string }) {
  const { t } = useTranslation('works');
  const subtitles = taskFile(work, 'subtitles');
  return (
    <video
      controls
      preload="metadata"
      poster={work.cover ? imageUrl(work.cover, DETAIL_IMAGE_WIDTH) : undefined}
      src={staticUrl(media)}
      className="aspect-video w-full rounded-xl bg-black"
      aria-label={work.name}
    >
      {subtitles && <track kind="subtitles" src={staticUrl(subtitles)} srcLang={wordsLang(work)} label={t('detail.task.subtitles')} />}
    </video>
  );
}

/**
 * A daily task's speech or song: the sound with its subtitles track, the line playing now under
 * it (a browser shows no captions for audio), then the words: a song's lyric sheet, or the
 * speech's text read from its subtitles with the line playing marked.
 */
export function TaskAudio({ work, media }: { work: Work; media: string }) {
  const { t } = useTranslation('works');
  const wordsId = useId();
  const [time, setTime] = useState(0);
  const subtitlesUrl = taskFile(work, 'subtitles');
  const lyricsUrl = taskFile(work, 'lyrics');
  const waveform = taskFile(work, 'waveform');
  const subtitles = useFileText(subtitlesUrl);
  const lyrics = useFileText(lyricsUrl);
  const cues = subtitles.data ? parseVtt(subtitles.data) : [];
  const now = cueAt(cues, time);
  const words = lyricsUrl ? lyrics : subtitles;
  const lang = wordsLang(work);

  return (
    <div className="flex flex-col gap-3">
      <AudioPlayer
        src={staticUrl(media)}
        name={work.name}
        waveform={waveform ? staticUrl(waveform) : undefined}
        subtitles={subtitlesUrl ? { src: staticUrl(subtitlesUrl), lang, label: t('detail.task.subtitles') } : undefined}
        onTime={setTime}
      />
      {cues.length > 0 && (
        <p data-testid="caption" lang={lang} className="min-h-12 rounded-xl bg-brand-950 px-4 py-3 text-center text-base font-medium break-words text-white">
          {now >= 0 ? cues[now]?.text : '\u00a0'}
        </p>
      )}
      {(lyricsUrl || subtitlesUrl) && (
        <section aria-labelledby={wordsId} className="rounded-xl border border-line p-3.5">
          <h3 id={wordsId} className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">
            {lyricsUrl ? t('detail.task.lyrics') : t('detail.task.speech')}
          </h3>
          {words.isPending ? (
            <p className="text-sm text-muted">{t('detail.task.textLoading')}</p>
          ) : words.isError ? (
            <p className="text-sm text-muted">{t('detail.task.textFailed')}</p>
          ) : lyricsUrl ? (
            <p lang={lang} className="max-h-80 overflow-y-auto text-sm leading-relaxed break-words whitespace-pre-line text-ink">
              {lyrics.data}
            </p>
          ) : (
            <ol lang={lang} className="flex max-h-80 flex-col gap-1 overflow-y-auto text-sm leading-relaxed">
              {cues.map((cue, i) => (
                <li
                  key={`${cue.start}-${cue.end}`}
                  aria-current={i === now ? 'true' : undefined}
                  className={`rounded-md px-2 py-0.5 break-words ${i === now ? 'bg-brand-100 font-medium text-brand-900 dark:bg-white/15 dark:text-white' : 'text-ink'}`}
                >
                  {cue.text}
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
    </div>
  );
}
