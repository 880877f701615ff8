import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { peaksOf } from './work-rules';

const BARS = 96;

/** The sound's peaks, decoded in the browser with the Web Audio API; null until (or unless) it decodes, or without a `src`. */
function usePeaks(src: string | null): number[] | null {
  const [peaks, setPeaks] = useState<number[] | null>(null);
  useEffect(() => {
    setPeaks(null);
    if (!src) return;
    const controller = new AbortController();
    // an OfflineAudioContext decodes without asking to play anything (no autoplay prompt)
    const context = new OfflineAudioContext(1, 1, 44_100);
    fetch(src, { signal: controller.signal })
      .then((res) => res.arrayBuffer())
      .then((bytes) => context.decodeAudioData(bytes))
      .then((buffer) => setPeaks(peaksOf(buffer.getChannelData(0), BARS)))
      // a sound the browser cannot decode keeps the plain player; playing may still work
      .catch(() => undefined);
    return () => controller.abort();
  }, [src]);
  return peaks;
}

/** A picture once loaded; null before, without a `src`, or when it does not load. */
function usePicture(src: string | null): HTMLImageElement | null {
  const [picture, setPicture] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    setPicture(null);
    if (!src) return;
    const image = new Image();
    image.onload = () => setPicture(image);
    image.src = src;
    return () => {
      image.onload = null;
    };
  }, [src]);
  return picture;
}

/** The canvas at its shown size in device pixels, with its 2D context. */
function sized(canvas: HTMLCanvasElement) {
  const ratio = window.devicePixelRatio || 1;
  canvas.width = canvas.clientWidth * ratio;
  canvas.height = canvas.clientHeight * ratio;
  return { ctx: canvas.getContext('2d'), width: canvas.width, height: canvas.height, ratio };
}

function draw(canvas: HTMLCanvasElement, peaks: number[], played: number) {
  const { ctx, width, height, ratio } = sized(canvas);
  if (!ctx) return;
  ctx.clearRect(0, 0, width, height);
  const slot = width / peaks.length;
  const bar = Math.max(1, slot * 0.6);
  peaks.forEach((peak, i) => {
    const h = Math.max(2 * ratio, peak * height * 0.9);
    ctx.fillStyle = (i + 0.5) / peaks.length <= played ? '#ffffff' : 'rgba(255,255,255,0.38)';
    ctx.fillRect(i * slot + (slot - bar) / 2, (height - h) / 2, bar, h);
  });
}

/** A waveform picture stretched over the canvas, the played part lit up. */
function drawPicture(canvas: HTMLCanvasElement, picture: HTMLImageElement, played: number) {
  const { ctx, width, height } = sized(canvas);
  if (!ctx) return;
  ctx.drawImage(picture, 0, 0, width, height);
  ctx.fillStyle = 'rgba(255,255,255,0.28)';
  ctx.fillRect(0, 0, width * played, height);
}

/** A subtitles file (WebVTT) for the sound, as its `<track>`. */
export interface SoundSubtitles {
  src: string;
  /** BCP 47 language of the words. */
  lang: string;
  label: string;
}

/**
 * A sound with its waveform: the played part lights up, a click on the waveform seeks there.
 * Given `waveform`, a picture of it drawn where the sound was made, that picture is shown and
 * the sound is not downloaded a second time to draw it. `subtitles` travel as the audio's track
 * (a browser shows none for audio: `onTime` lets the page show the words at the time played).
 */
export function AudioPlayer({ src, name, waveform, subtitles, onTime }: { src: string; name: string; waveform?: string; subtitles?: SoundSubtitles; onTime?: (seconds: number) => void }) {
  const { t } = useTranslation('works');
  const audio = useRef<HTMLAudioElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const peaks = usePeaks(waveform ? null : src);
  const picture = usePicture(waveform ?? null);
  const [played, setPlayed] = useState(0);

  useEffect(() => {
    if (!canvas.current || !(peaks || picture)) return;
    const target = canvas.current;
    const paint = () => (picture ? drawPicture(target, picture, played) : peaks && draw(target, peaks, played));
    paint();
    const observer = new ResizeObserver(paint);
    observer.observe(target);
    return () => observer.disconnect();
  }, [peaks, picture, played]);

  const seek = (event: MouseEvent<HTMLCanvasElement>) => {
    const player = audio.current;
    if (!player || !Number.isFinite(player.duration)) return;
    const box = event.currentTarget.getBoundingClientRect();
    player.currentTime = ((event.clientX - box.left) / box.width) * player.duration;
  };

  return (
    <div className="flex flex-col gap-3 rounded-xl bg-gradient-to-br from-brand-900 via-brand-700 to-rose-500 p-4">
      {(peaks || picture) && (
        // the native controls below stay the keyboard way to seek; the waveform is the pointer's
        <canvas ref={canvas} onClick={seek} role="img" aria-label={t('detail.waveform', { name })} className="h-28 w-full cursor-pointer" data-testid="waveform" />
      )}
      <audio
        ref={audio}
        controls
        preload="metadata"
        src={src}
        onTimeUpdate={(e) => {
          setPlayed(e.currentTarget.duration ? e.currentTarget.currentTime / e.currentTarget.duration : 0);
          onTime?.(e.currentTarget.currentTime);
        }}
        className="w-full"
        aria-label={t('detail.play', { name })}
      >
        {subtitles && <track kind="subtitles" src={subtitles.src} srcLang={subtitles.lang} label={subtitles.label} default />}
      </audio>
    </div>
  );
}
