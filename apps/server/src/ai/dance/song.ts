import { runProcess } from '../speech/run-process.ts';
import { decodeWav } from '../voice/pcm.ts';

const DECODE_RATE = 22_050;
/**
 * The longest stretch of a song that is danced: only its first ten minutes are decoded, WAV
 * as well as what ffmpeg reads, so a huge upload costs no more than a ten-minute song.
 */
export const MAX_SONG_SECONDS = 600;

/** A song ready for the analysis thread: WAV bytes as they are, or ffmpeg's mono float samples. */
export type SongPcm = { kind: 'wav'; bytes: Uint8Array } | { kind: 'f32le'; bytes: Uint8Array; sampleRate: number };

const isWav = (bytes: Buffer) => bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WAVE';

/**
 * Gets a song ready to decode: a WAV (told by its content, whatever type it was labelled with)
 * is passed on as it is, anything else is decoded by ffmpeg, in its own process, to mono float
 * at 22.05 kHz, the first {@link MAX_SONG_SECONDS} of it. An abort kills ffmpeg.
 */
export async function readSong(audio: Buffer, signal?: AbortSignal): Promise<SongPcm> {
  if (isWav(audio)) return { kind: 'wav', bytes: audio };
  const args = ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', '-t', String(MAX_SONG_SECONDS), '-ac', '1', '-ar', String(DECODE_RATE), '-f', 'f32le', 'pipe:1'];
  const out = await runProcess('ffmpeg', args, { input: audio, timeoutMs: 60_000, signal, maxOutputBytes: MAX_SONG_SECONDS * DECODE_RATE * 4 + 4096 });
  if (out.code !== 0) throw new Error(`ffmpeg could not decode the song: ${out.stderr.trim().slice(0, 200)}`);
  return { kind: 'f32le', bytes: out.stdout, sampleRate: DECODE_RATE };
}

/** Mono samples of a song read by {@link readSong}, the first {@link MAX_SONG_SECONDS} of a WAV. */
export function songSamples(song: SongPcm): { samples: Float32Array; sampleRate: number } {
  const bytes = Buffer.from(song.bytes.buffer, song.bytes.byteOffset, song.bytes.byteLength);
  if (song.kind === 'wav') return decodeWav(bytes, { maxSeconds: MAX_SONG_SECONDS });
  const samples = new Float32Array(Math.floor(bytes.length / 4));
  for (let i = 0; i < samples.length; i++) samples[i] = bytes.readFloatLE(i * 4);
  return { samples, sampleRate: song.sampleRate };
}
