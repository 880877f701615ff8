import type { GiftKey, LiveShow, LiveTrack } from '@starlit/contract';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { imageUrl, staticUrl } from '../../platform/static-url';
import { Avatar } from '../../ui/avatar';
import { SpeakerIcon } from '../../ui/icons';
import { Spinner } from '../../ui/spinner';
import { GiftBurst } from '../gifts/gift-burst';
import { useGiftName } from '../gifts/gift-name';
import { isDrifting, playheadAt } from './live-clock';
import type { Stage3DState } from './live-stage-3d';
import type { SpeechQueue } from './live-voice';

// three and the VRM libraries arrive in their own chunk once the stage is shown
const LiveStage3D = lazy(() => import('./live-stage-3d'));

/** How often the music is checked against the show's clock. */
const DRIFT_CHECK_MS = 3000;

export interface StageBurst {
  id: number;
  giftKey: z.infer<typeof GiftKey>;
  count: number;
  userName: string;
}

export interface LiveStageProps {
  show: LiveShow;
  playlist: readonly LiveTrack[];
  serverNow: () => number;
  voice: SpeechQueue;
  /** The line the agent is saying now. */
  speaking: string | null;
  bursts: readonly StageBurst[];
  onBurstDone(id: number): void;
}

/**
 * The stage of a show: the set and the agent (3D, loaded on demand) in time with the show's
 * clock, its music once the viewer joins with sound (browsers refuse sound before a tap), the
 * agent's speech bubble and the gifts as they come.
 */
export function LiveStage({ show, playlist, serverNow, voice, speaking, bursts, onBurstDone }: LiveStageProps) {
  const { t } = useTranslation('live');
  const giftName = useGiftName();
  const audio = useRef<HTMLAudioElement>(null);
  const [joined, setJoined] = useState(false);
  const [stage, setStage] = useState<Stage3DState>('loading');
  const [trackIndex, setTrackIndex] = useState<number | null>(null);
  const loaded = useRef<{ index: number; src: string } | null>(null);
  const startedAt = Date.parse(show.startedAt);
  const playlistRef = useRef(playlist);
  playlistRef.current = playlist;

  const playhead = useCallback(
    () =>
      playheadAt(
        playlistRef.current.map((track) => track.seconds),
        startedAt,
        serverNow(),
      ),
    [startedAt, serverNow],
  );

  /** Puts the music where the show is: the right track, within 150 ms. */
  const sync = useCallback(
    (checkDrift: boolean) => {
      const at = playhead();
      const element = audio.current;
      if (at) setTrackIndex(at.index);
      if (!at || !element || !joined) return;
      const track = playlistRef.current[at.index];
      const src = staticUrl(track.audio);
      if (loaded.current?.index !== at.index || loaded.current.src !== src) {
        loaded.current = { index: at.index, src };
        element.src = src;
        element.currentTime = at.offset;
      } else if (checkDrift && element.readyState >= 1 && isDrifting(element.currentTime, at.offset)) {
        element.currentTime = at.offset;
      }
      if (element.paused) element.play().catch(() => undefined);
    },
    [playhead, joined],
  );

  useEffect(() => {
    sync(true);
    let tick = 0;
    const timer = setInterval(() => sync(++tick % (DRIFT_CHECK_MS / 500) === 0), 500);
    return () => clearInterval(timer);
  }, [sync]);

  const join = () => {
    voice.unlock();
    setJoined(true);
    // started inside the tap, as browsers want
    const at = playhead();
    const element = audio.current;
    if (at && element) {
      const src = staticUrl(playlistRef.current[at.index].audio);
      loaded.current = { index: at.index, src };
      element.src = src;
      element.currentTime = at.offset;
      element.play().catch(() => undefined);
    }
  };

  /** The dance's clock: the music's time while it is heard on the right track, else the show's. */
  const clock = useCallback(() => {
    const at = playhead();
    if (!at) return null;
    const element = audio.current;
    if (element && !element.paused && loaded.current?.index === at.index && Math.abs(element.currentTime - at.offset) < 1) {
      return { index: at.index, time: element.currentTime };
    }
    return { index: at.index, time: at.offset };
  }, [playhead]);

  // the music steps back while the agent talks
  useEffect(() => {
    if (audio.current) audio.current.volume = speaking ? 0.35 : 1;
  }, [speaking]);

  const tracks = useMemo(() => playlist.map((track) => ({ dance: track.dance ? staticUrl(track.dance) : null, bpm: track.bpm })), [playlist]);
  const scene = useMemo(() => ({ id: show.scene.id, kind: show.scene.kind, cover: show.scene.cover ? imageUrl(show.scene.cover, 1600) : null }), [show.scene.id, show.scene.kind, show.scene.cover]);
  const track = trackIndex !== null ? playlist[trackIndex] : null;
  const picture = show.agent.avatar ? imageUrl(show.agent.avatar, 512) : null;

  return (
    <div className="flex flex-col gap-2">
      <div
        className="relative aspect-[4/3] w-full overflow-hidden rounded-2xl bg-brand-950 [transform:translateZ(0)] sm:aspect-video"
        data-testid="live-stage"
        data-stage={stage}
        data-track={trackIndex ?? ''}
        data-sound={joined ? 'on' : 'off'}
      >
        {stage === 'unsupported' ? (
          <div className="absolute inset-0 grid place-items-center bg-gradient-to-b from-brand-900 to-brand-950 p-6">
            <div className="flex flex-col items-center gap-2 rounded-2xl bg-white/10 p-4 text-white shadow-lg">
              {picture ? <img src={picture} alt="" className="size-32 rounded-xl object-cover" /> : <Avatar name={show.agent.nickname} src={null} size="xl" />}
              <p className="font-semibold">{show.agent.nickname}</p>
            </div>
          </div>
        ) : (
          <Suspense fallback={null}>
            <LiveStage3D
              vrmUrl={show.agent.vrm ? staticUrl(show.agent.vrm) : null}
              pictureUrl={picture}
              scene={scene}
              tracks={tracks}
              clock={clock}
              face={voice.face}
              label={t('stage.label', { name: show.agent.nickname })}
              onStateChange={setStage}
            />
          </Suspense>
        )}
        {stage === 'loading' && (
          <div role="status" className="absolute inset-0 grid place-items-center text-sm text-brand-100">
            <span className="flex items-center gap-2">
              <Spinner /> {t('stage.loading')}
            </span>
          </div>
        )}
        {stage === 'failed' && (
          <p role="status" className="absolute inset-x-0 bottom-16 text-center text-sm text-brand-100">
            {t('stage.failed')}
          </p>
        )}
        {speaking && (
          <div className="absolute inset-x-3 top-3 flex justify-center" data-testid="speech-bubble">
            <p className="relative max-w-md rounded-2xl bg-white px-4 py-2 text-sm text-ink shadow-lg dark:bg-zinc-900 dark:text-zinc-50" aria-live="polite">
              {speaking}
            </p>
          </div>
        )}
        {!joined && (
          <button
            type="button"
            onClick={join}
            className="absolute bottom-3 left-1/2 flex min-h-11 -translate-x-1/2 cursor-pointer items-center gap-2 rounded-full whitespace-nowrap bg-white px-5 py-2 text-sm font-semibold text-brand-900 shadow-lg transition-colors hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <SpeakerIcon size={18} />
            {t('stage.join')}
          </button>
        )}
        {bursts.map((burst) => (
          <div key={burst.id}>
            <GiftBurst giftKey={burst.giftKey} count={burst.count} onDone={() => onBurstDone(burst.id)} />
            <p className="pointer-events-none absolute inset-x-0 bottom-16 z-[61] text-center text-sm font-semibold text-white drop-shadow" data-testid="gift-caption">
              {t('gift.caption', { name: burst.userName, gift: giftName(burst.giftKey), count: burst.count })}
            </p>
          </div>
        ))}
      </div>
      {track && (
        <p className="truncate text-sm text-muted" data-testid="now-playing">
          <span aria-hidden="true">♪ </span>
          {t('stage.nowPlaying', { title: track.title })}
        </p>
      )}
      <audio ref={audio} preload="auto" loop={false} />
    </div>
  );
}
