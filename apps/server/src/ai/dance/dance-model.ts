import { startTsWorker } from '../../platform/ts-worker.ts';
import type { DanceJob, DanceMessage } from './dance.worker.ts';
import { readSong } from './song.ts';

/** Name of the offline engine, shown on every dance it makes. */
export const OFFLINE_DANCE_ENGINE = 'Starlit beat-tracking choreographer (offline)';

export interface DanceRequest {
  audio: Buffer;
  /** The song's type, sent on to a motion service; the offline engine tells WAV by content and gives the rest to ffmpeg. */
  contentType: string;
  /** The dancer: a name and, when the agent has one, its VRM model. */
  character: { name: string; vrm: Buffer | null };
  seed: string;
}

export interface DanceResult {
  /** A VRM Animation (glTF binary with VRMC_vrm_animation). */
  vrma: Buffer;
  engine: string;
  bpm: number | null;
  beats: number;
}

export interface DanceOptions {
  signal?: AbortSignal;
  /** Fraction done in [0, 1] and what is happening. */
  onProgress?: (fraction: number, stage: string) => void;
}

/** Song + character in, a dance out. */
export interface DanceModel {
  engine: string;
  dance(request: DanceRequest, options?: DanceOptions): Promise<DanceResult>;
}

/**
 * Runs a dance job on a worker thread (dance.worker.ts) and answers its result; progress is
 * passed on as it comes. An abort terminates the thread at once, wherever it is.
 */
function inWorker(job: DanceJob, { signal, onProgress }: DanceOptions): Promise<{ vrma: Buffer; bpm: number; beats: number }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const worker = startTsWorker(new URL('./dance.worker.ts', import.meta.url), { workerData: job });
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      finish();
    };
    const onAbort = () => settle(() => reject(signal?.reason));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: DanceMessage) => {
      if ('progress' in message) {
        if (!settled) onProgress?.(message.progress, message.stage);
      } else if ('done' in message) {
        const { vrma, bpm, beats } = message.done;
        settle(() => resolve({ vrma: Buffer.from(vrma.buffer, vrma.byteOffset, vrma.byteLength), bpm, beats }));
      } else settle(() => reject(new Error(message.failed)));
    });
    worker.on('error', (err) => settle(() => reject(err)));
    worker.on('exit', (code) => settle(() => reject(new Error(`the dance worker stopped without a result (exit code ${code})`))));
  });
}

/**
 * The offline engine: tracks the song's beats, composes a dance from the move library on
 * them and writes it as VRM Animation, all on a worker thread so the server stays responsive.
 * The dance is retargeted by the player, so the character's own model is not needed here.
 */
export function offlineDanceModel(): DanceModel {
  return {
    engine: OFFLINE_DANCE_ENGINE,
    async dance(request, options = {}) {
      options.onProgress?.(0, 'decoding');
      const song = await readSong(request.audio, options.signal);
      const result = await inWorker({ song, seed: request.seed, generator: OFFLINE_DANCE_ENGINE }, options);
      options.onProgress?.(1, 'done');
      return { ...result, engine: OFFLINE_DANCE_ENGINE };
    },
  };
}
