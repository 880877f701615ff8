import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { peaksOf } from './work-rules';

const BARS = 96;

/** The sound's peaks, decoded in the browser with the Web Audio API; null until (or unless) it decodes. */
function usePeaks(src: string): number[] | null {
  const [peaks, setPeaks] = useState<number[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    // an OfflineAudioContext decodes without asking to play anything (no autoplay prompt)
    const context = new OfflineAudioContext(1, 1, 44_100);
    setPeaks(null);
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

function draw(canvas: HTMLCanvasElement, peaks: number[], played: number) {
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth * ratio;
  const height = canvas.clientHeight * ratio;
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
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

/** A sound with its waveform: the played part lights up, a click on the waveform seeks there. */
export function AudioPlayer({ src, name }: { src: string; name: string }) {
  const { t } = useTranslation('works');
  const audio = useRef<HTMLAudioElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const peaks = usePeaks(src);
  const [played, setPlayed] = useState(0);

  useEffect(() => {
    if (!canvas.current || !peaks) return;
    const target = canvas.current;
    draw(target, peaks, played);
    const observer = new ResizeObserver(() => draw(target, peaks, played));
    observer.observe(target);
    return () => observer.disconnect();
  }, [peaks, played]);

  const seek = (event: MouseEvent<HTMLCanvasElement>) => {
    const player = audio.current;
    if (!player || !Number.isFinite(player.duration)) return;
    const box = event.currentTarget.getBoundingClientRect();
    player.currentTime = ((event.clientX - box.left) / box.width) * player.duration;
  };

  return (
    <div className="flex flex-col gap-3 rounded-xl bg-gradient-to-br from-brand-900 via-brand-700 to-rose-500 p-4">
      {peaks && (
        // the native controls below stay the keyboard way to seek; the waveform is the pointer's
        <canvas ref={canvas} onClick={seek} role="img" aria-label={t('detail.waveform', { name })} className="h-28 w-full cursor-pointer" data-testid="waveform" />
      )}
      <audio
        ref={audio}
        controls
        preload="metadata"
        src={src}
        onTimeUpdate={(e) => setPlayed(e.currentTarget.duration ? e.currentTarget.currentTime / e.currentTarget.duration : 0)}
        className="w-full"
        aria-label={t('detail.play', { name })}
      />
    </div>
  );
}
