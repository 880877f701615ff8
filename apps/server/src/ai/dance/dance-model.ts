import { decodeWav } from '../voice/pcm.ts';
import { runProcess } from '../speech/run-process.ts';
import { analyzeBeats } from './beats.ts';
import { choreograph } from './choreographer.ts';
import { writeVrma } from './vrma.ts';

/** Name of the offline engine, shown on every dance it makes. */
export const OFFLINE_DANCE_ENGINE = 'Starlit beat-tracking choreographer (offline)';

export interface DanceRequest {
  audio: Buffer;
  /** audio/wav is decoded here; anything else goes through ffmpeg. */
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

const DECODE_RATE = 22_050;
/**
 * The longest stretch of a song that is danced: only its first ten minutes are decoded, WAV
 * as well as what ffmpeg reads, so a huge upload costs no more than a ten-minute song.
 */
export const MAX_SONG_SECONDS = 600;

/** Mono samples of a song: WAV decoded here, other types through ffmpeg, the first {@link MAX_SONG_SECONDS} of it. */
export async function decodeSong(audio: Buffer, contentType: string, signal?: AbortSignal): Promise<{ samples: Float32Array; sampleRate: number }> {
  if (contentType === 'audio/wav' || contentType === 'audio/x-wav') return decodeWav(audio, { maxSeconds: MAX_SONG_SECONDS });
  const args = ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', '-t', String(MAX_SONG_SECONDS), '-ac', '1', '-ar', String(DECODE_RATE), '-f', 'f32le', 'pipe:1'];
  const out = await runProcess('ffmpeg', args, { input: audio, timeoutMs: 60_000, signal, maxOutputBytes: MAX_SONG_SECONDS * DECODE_RATE * 4 + 4096 });
  if (out.code !== 0) throw new Error(`ffmpeg could not decode the song: ${out.stderr.trim().slice(0, 200)}`);
  const samples = new Float32Array(Math.floor(out.stdout.length / 4));
  for (let i = 0; i < samples.length; i++) samples[i] = out.stdout.readFloatLE(i * 4);
  return { samples, sampleRate: DECODE_RATE };
}

/**
 * The offline engine: tracks the song's beats, composes a dance from the move library on
 * them and writes it as VRM Animation. The dance is retargeted by the player, so the
 * character's own model is not needed here.
 */
export function offlineDanceModel(): DanceModel {
  return {
    engine: OFFLINE_DANCE_ENGINE,
    async dance(request, options = {}) {
      const { signal, onProgress } = options;
      onProgress?.(0, 'decoding');
      const { samples, sampleRate } = await decodeSong(request.audio, request.contentType, signal);
      signal?.throwIfAborted();
      onProgress?.(0.3, 'tracking beats');
      const analysis = analyzeBeats(samples, sampleRate);
      signal?.throwIfAborted();
      onProgress?.(0.7, 'choreographing');
      const { motion } = choreograph(analysis, request.seed);
      const vrma = writeVrma(motion, OFFLINE_DANCE_ENGINE);
      onProgress?.(1, 'done');
      return { vrma, engine: OFFLINE_DANCE_ENGINE, bpm: analysis.bpm, beats: analysis.beats.length };
    },
  };
}
