import type { LiveMood } from '@starlit/contract';
import { staticUrl } from '../../platform/static-url';

/** What the stage reads every frame to move the agent's face. */
export interface FaceDrive {
  /** How open the mouth is, 0–1 (the VRM `aa` expression). */
  mouth: number;
  /** The mood of the line being spoken, null when silent. */
  mood: LiveMood | null;
}

interface Line {
  audio: string | null;
  mood: LiveMood;
  text: string;
}

/**
 * The agent's spoken lines, one after another (never overlapping). While a line plays, an
 * AnalyserNode on it drives the mouth; a line that cannot be heard (sound not joined, no audio,
 * a media host without CORS) moves the mouth in a plain pattern for about as long as it reads.
 */
export class SpeechQueue {
  readonly face: FaceDrive = { mouth: 0, mood: null };
  private readonly lines: Line[] = [];
  private busy = false;
  private context: AudioContext | null = null;
  private stopped = false;
  private current: HTMLAudioElement | null = null;

  constructor(private readonly onSpeaking: (line: { text: string } | null) => void) {}

  /** The sound is on (a tap): lines are heard from now on. */
  unlock(): void {
    if (this.context) return;
    try {
      this.context = new AudioContext();
      void this.context.resume();
    } catch {
      this.context = null;
    }
  }

  get unlocked(): boolean {
    return this.context !== null;
  }

  say(line: Line): void {
    // a backlog (a tab that slept) is not worth hearing in full: the newest few
    if (this.lines.length >= 3) this.lines.shift();
    this.lines.push(line);
    if (!this.busy) void this.next();
  }

  stop(): void {
    this.stopped = true;
    this.lines.length = 0;
    this.current?.pause();
    void this.context?.close().catch(() => undefined);
  }

  private async next(): Promise<void> {
    const line = this.lines.shift();
    if (!line || this.stopped) {
      this.busy = false;
      this.face.mouth = 0;
      this.face.mood = null;
      this.onSpeaking(null);
      return;
    }
    this.busy = true;
    this.face.mood = line.mood;
    this.onSpeaking({ text: line.text });
    const heard = line.audio && this.context ? await this.play(line.audio).catch(() => false) : false;
    if (!heard) await this.mime(line.text);
    // a breath between lines
    await new Promise((resolve) => setTimeout(resolve, 400));
    void this.next();
  }

  /** Plays a line through the analyser; answers whether it was heard. */
  private play(src: string): Promise<boolean> {
    const context = this.context;
    if (!context) return Promise.resolve(false);
    const url = staticUrl(src);
    const sameOrigin = new URL(url, window.location.href).origin === window.location.origin;
    const audio = new Audio(url);
    this.current = audio;
    let analyser: AnalyserNode | null = null;
    if (sameOrigin) {
      try {
        const source = context.createMediaElementSource(audio);
        analyser = context.createAnalyser();
        analyser.fftSize = 512;
        source.connect(analyser);
        analyser.connect(context.destination);
      } catch {
        analyser = null;
      }
    }
    return new Promise<boolean>((resolve) => {
      const data = new Uint8Array(analyser?.fftSize ?? 0);
      let frame = 0;
      const started = performance.now();
      const tick = () => {
        if (analyser) {
          analyser.getByteTimeDomainData(data);
          let sum = 0;
          for (const v of data) sum += ((v - 128) / 128) ** 2;
          const rms = Math.sqrt(sum / data.length);
          this.face.mouth = Math.min(1, rms * 6);
        } else {
          this.face.mouth = mimeMouth(performance.now() - started);
        }
        frame = requestAnimationFrame(tick);
      };
      const finish = (heard: boolean) => {
        cancelAnimationFrame(frame);
        this.face.mouth = 0;
        this.current = null;
        resolve(heard);
      };
      audio.onended = () => finish(true);
      audio.onerror = () => finish(false);
      audio
        .play()
        .then(() => {
          frame = requestAnimationFrame(tick);
        })
        .catch(() => finish(false));
    });
  }

  /** Moves the mouth for as long as the line takes to read (at least 1.5 s). */
  private mime(text: string): Promise<void> {
    const ms = Math.min(8000, Math.max(1500, Array.from(text).length * 90));
    return new Promise((resolve) => {
      const started = performance.now();
      const tick = () => {
        const t = performance.now() - started;
        if (t >= ms || this.stopped) {
          this.face.mouth = 0;
          resolve();
          return;
        }
        this.face.mouth = mimeMouth(t);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  }
}

/** A talking mouth without a sound to follow: syllables about 6 a second. */
export function mimeMouth(ms: number): number {
  return Math.max(0, Math.sin((ms / 1000) * Math.PI * 6)) * 0.7;
}
