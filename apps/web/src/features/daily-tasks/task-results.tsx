import type { DailyTask } from '@starlit/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageUrl, staticUrl } from '../../platform/static-url';
import { DancePlayer } from '../creation/dance-player';
import { type Cue, cueAt, parseVtt } from '../../platform/vtt';

type Role = DailyTask['files'][number]['role'];
const fileOf = (task: DailyTask, ...roles: Role[]) => roles.map((role) => task.files.find((f) => f.role === role)?.url).find((url) => url !== undefined);

/** The language of the subtitle track: a task speaks the language its form was written in, as the server reads it. */
const trackLang = (task: DailyTask) => (/\p{Script=Han}/u.test(`${task.form.description}${task.form.introduction}`) ? 'zh-TW' : 'en');

/** A finished task's piece, by its type. */
export function TaskResult({ task }: { task: DailyTask }) {
  switch (task.type) {
    case 'text_to_image':
      return <ImageResult task={task} />;
    case 'text_to_comic':
      return <ComicResult task={task} />;
    case 'text_to_speech':
      return <SpeechResult task={task} />;
    case 'text_to_song':
      return <SongResult task={task} />;
    case 'text_to_dance':
      return <DanceResult task={task} />;
    case 'comic_to_video':
      return <VideoResult task={task} />;
  }
}

function ImageResult({ task }: { task: DailyTask }) {
  const image = fileOf(task, 'image');
  return image ? <img src={staticUrl(image)} alt={task.title} className="mx-auto max-h-[32rem] w-auto max-w-full rounded-xl object-contain" /> : null;
}

/** The page large, then its lettered panels one by one. */
function ComicResult({ task }: { task: DailyTask }) {
  const { t } = useTranslation('daily-tasks');
  const page = fileOf(task, 'page');
  const panels = task.files.filter((f) => f.role === 'panel');
  return (
    <div className="flex flex-col gap-4">
      {page && <img src={staticUrl(page)} alt={t('result.page', { title: task.title })} className="w-full rounded-xl border border-line" />}
      {panels.length > 0 && (
        <section aria-label={t('result.panels')} className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-ink">{t('result.panels')}</h3>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {panels.map((panel, i) => (
              <li key={panel.url}>
                <a href={staticUrl(panel.url)} target="_blank" rel="noopener noreferrer" className="block overflow-hidden rounded-lg border border-line">
                  <img src={imageUrl(panel.url, 480)} alt={t('result.panel', { n: i + 1 })} loading="lazy" className="aspect-square w-full object-cover" />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** The cues of a subtitle file, read once. */
function useCues(url: string | undefined): Cue[] {
  const cues = useQuery({
    queryKey: ['daily-task-vtt', url],
    enabled: url !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => {
      const answer = await fetch(staticUrl(url ?? ''), { signal });
      if (!answer.ok) throw new Error(`subtitles answered ${answer.status}`);
      return parseVtt(await answer.text());
    },
  });
  return cues.data ?? [];
}

/** An audio element with its subtitle track; reports its time so the page can mark what is heard. */
function TrackedAudio({ task, onTime }: { task: DailyTask; onTime(seconds: number): void }) {
  const { t } = useTranslation('daily-tasks');
  const sound = fileOf(task, 'mp3', 'audio');
  const subtitles = fileOf(task, 'subtitles');
  if (!sound) return null;
  return (
    <audio controls preload="metadata" src={staticUrl(sound)} aria-label={t('result.audio', { title: task.title })} className="w-full" onTimeUpdate={(e) => onTime(e.currentTarget.currentTime)}>
      {subtitles && <track kind="subtitles" src={staticUrl(subtitles)} srcLang={trackLang(task)} label={t('result.subtitles')} default />}
    </audio>
  );
}

/** The speech, and its script a sentence a line with the one being heard marked. */
function SpeechResult({ task }: { task: DailyTask }) {
  const { t } = useTranslation('daily-tasks');
  const [time, setTime] = useState(0);
  const cues = useCues(fileOf(task, 'subtitles'));
  const heard = cueAt(cues, time);
  return (
    <div className="flex flex-col gap-4">
      <TrackedAudio task={task} onTime={setTime} />
      <section aria-label={t('result.script')} className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-ink">{t('result.script')}</h3>
        {cues.length > 0 ? (
          <ol className="flex flex-col gap-1 text-sm leading-relaxed">
            {cues.map((cue, i) => (
              <li
                key={`${cue.start}-${cue.text}`}
                aria-current={i === heard ? 'true' : undefined}
                className="rounded-lg px-2 py-1 text-ink transition-colors aria-[current=true]:bg-brand-100 aria-[current=true]:font-semibold aria-[current=true]:text-brand-900 dark:aria-[current=true]:bg-white/15 dark:aria-[current=true]:text-white"
              >
                {cue.text}
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm leading-relaxed whitespace-pre-line text-ink">{task.text}</p>
        )}
      </section>
    </div>
  );
}

/** The song over its waveform, and its lyric sheet with the line being sung marked. */
function SongResult({ task }: { task: DailyTask }) {
  const { t } = useTranslation('daily-tasks');
  const [time, setTime] = useState(0);
  const cues = useCues(fileOf(task, 'subtitles'));
  const sung = cues[cueAt(cues, time)]?.text;
  const waveform = fileOf(task, 'waveform');
  return (
    <div className="flex flex-col gap-4">
      {waveform && <img src={imageUrl(waveform, 960)} alt="" className="h-20 w-full rounded-lg bg-brand-950 object-cover" />}
      <TrackedAudio task={task} onTime={setTime} />
      <section aria-label={t('result.lyrics')} className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-ink">{t('result.lyrics')}</h3>
        <div className="max-h-96 overflow-y-auto rounded-xl bg-brand-50/60 p-3 text-sm leading-relaxed dark:bg-white/5">
          {(task.text ?? '').split('\n').map((line, i) => {
            // the sheet's lines are the cues' words; headings ("[Chorus]") are not sung
            const heading = /^\[.*\]$/.test(line.trim());
            return (
              <p
                // the sheet repeats lines (a chorus), so a line is known by its place
                // biome-ignore lint/suspicious/noArrayIndexKey: lines are fixed once the task is done
                key={i}
                aria-current={line.trim() !== '' && line.trim() === sung ? 'true' : undefined}
                className={`min-h-[1lh] rounded px-1 ${heading ? 'mt-2 text-xs font-semibold tracking-wide text-muted uppercase' : 'text-ink'} aria-[current=true]:bg-brand-100 aria-[current=true]:font-semibold dark:aria-[current=true]:bg-white/15`}
              >
                {line}
              </p>
            );
          })}
        </div>
      </section>
    </div>
  );
}

function DanceResult({ task }: { task: DailyTask }) {
  const [dance, song, character] = [fileOf(task, 'dance'), fileOf(task, 'song'), fileOf(task, 'character')];
  if (!dance || !song || !character) return null;
  return <DancePlayer vrmUrl={character} vrmaUrl={dance} audioUrl={song} title={task.title} />;
}

/**
 * The 720p video, the share card as its poster. Its subtitles are burned into the picture, so
 * the track is offered (the player's captions menu, screen readers) but not shown by default:
 * shown, every line would appear twice.
 */
function VideoResult({ task }: { task: DailyTask }) {
  const { t } = useTranslation('daily-tasks');
  const video = fileOf(task, 'video');
  const subtitles = fileOf(task, 'subtitles');
  const poster = fileOf(task, 'card');
  if (!video) return null;
  return (
    <video
      controls
      preload="metadata"
      playsInline
      src={staticUrl(video)}
      {...(poster ? { poster: staticUrl(poster) } : {})}
      aria-label={t('result.video', { title: task.title })}
      className="aspect-video w-full rounded-xl bg-black"
    >
      {subtitles && <track kind="subtitles" src={staticUrl(subtitles)} srcLang={trackLang(task)} label={t('result.subtitles')} />}
    </video>
  );
}
