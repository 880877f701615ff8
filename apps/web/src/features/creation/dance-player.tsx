import { lazy, Suspense, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { staticUrl } from '../../platform/static-url';
import { PauseIcon, PlayIcon } from '../../ui/icons';
import { Spinner } from '../../ui/spinner';
import type { DanceStageState } from './dance-stage';
import { formatClock } from './dance-sync';

// three and the VRM libraries are large: they arrive in their own chunk when a dance is shown
const DanceStage = lazy(() => import('./dance-stage'));

export interface DancePlayerProps {
  /** The dancer: a VRM model (an agent's, or the built-in one). */
  vrmUrl: string;
  /** The dance: a VRM Animation (.vrma). */
  vrmaUrl: string;
  /** The song the dance was made from. */
  audioUrl: string;
  /** The work's or creation's name, for the player's accessible name. */
  title?: string;
}

type SongState = 'loading' | 'ready' | 'failed';

/**
 * A dance with its music: the model dances on a 3D stage (loaded on demand) above play/pause, a
 * seek bar and the time. The audio element is the clock; the stage poses the dance at its time on
 * every frame, so the dance cannot drift from the song (docs/creation.md, Dance player).
 */
export function DancePlayer(props: DancePlayerProps) {
  // another dance is another player: nothing of the previous one's state carries over
  return <Player key={`${props.vrmUrl} ${props.vrmaUrl} ${props.audioUrl}`} {...props} />;
}

function Player({ vrmUrl, vrmaUrl, audioUrl, title }: DancePlayerProps) {
  const { t } = useTranslation('creation');
  const audio = useRef<HTMLAudioElement>(null);
  const [stage, setStage] = useState<DanceStageState>('loading');
  const [song, setSong] = useState<SongState>('loading');
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);

  const toggle = () => {
    const player = audio.current;
    if (!player) return;
    // a refused play (no user gesture, a source that fails) leaves the player paused, as its events say
    if (player.paused) player.play().catch(() => undefined);
    else player.pause();
  };

  const seek = (event: ChangeEvent<HTMLInputElement>) => {
    const player = audio.current;
    if (!player) return;
    player.currentTime = Number(event.currentTarget.value);
    setTime(player.currentTime);
  };

  const readTime = () => setTime(audio.current?.currentTime ?? 0);
  const readDuration = () => {
    const seconds = audio.current?.duration ?? 0;
    setDuration(Number.isFinite(seconds) ? seconds : 0);
  };

  const position = t('dance.position', { current: formatClock(time), total: formatClock(duration) });
  const ready = song === 'ready';

  return (
    <section aria-label={title ? t('dance.playerOf', { title }) : t('dance.player')} className="overflow-hidden rounded-2xl bg-brand-950 text-white">
      <div className="relative aspect-[4/5] w-full sm:aspect-video" data-stage={stage}>
        <Suspense fallback={null}>
          <DanceStage vrmUrl={staticUrl(vrmUrl)} vrmaUrl={staticUrl(vrmaUrl)} audio={audio} label={t('dance.stage')} onStateChange={setStage} />
        </Suspense>
        {stage !== 'ready' && (
          <div role="status" className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-sm text-brand-100">
            {stage === 'loading' && <Spinner className="size-7" />}
            <p>{stage === 'loading' ? t('dance.loading') : stage === 'failed' ? t('dance.failed') : t('dance.unsupported')}</p>
          </div>
        )}
      </div>
      <div className="flex flex-col gap-2 px-3 py-3 sm:px-4">
        {title && <p className="truncate text-sm font-medium">{title}</p>}
        <div className="flex items-center gap-3">
          <button
            type="button"
            onClick={toggle}
            disabled={!ready}
            aria-label={playing ? t('dance.pause') : t('dance.play')}
            className="grid size-11 shrink-0 cursor-pointer place-items-center rounded-full bg-white text-brand-900 transition-colors hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-50"
          >
            {playing ? <PauseIcon size={20} /> : <PlayIcon size={20} />}
          </button>
          <input
            type="range"
            min={0}
            max={duration || 0}
            step={0.01}
            value={Math.min(time, duration)}
            onChange={seek}
            disabled={!ready}
            aria-label={t('dance.seek')}
            aria-valuetext={position}
            className="h-11 min-w-0 flex-1 cursor-pointer accent-brand-300 disabled:cursor-not-allowed"
          />
          <span className="shrink-0 text-xs text-brand-100 tabular-nums" aria-hidden="true">
            {formatClock(time)} / {formatClock(duration)}
          </span>
        </div>
        {song === 'failed' && (
          <p role="alert" className="text-sm text-rose-200">
            {t('dance.songFailed')}
          </p>
        )}
      </div>
      <audio
        ref={audio}
        src={staticUrl(audioUrl)}
        preload="auto"
        onLoadedMetadata={() => {
          readDuration();
          setSong('ready');
        }}
        onDurationChange={readDuration}
        onError={() => setSong('failed')}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={readTime}
        onSeeking={readTime}
      />
    </section>
  );
}
