import { decodeWav } from '../voice/pcm.ts';

// The decoding half of a song that runs on the dance worker (dance.worker.ts); kept apart from
// song.ts so the worker loads no more than it needs.

/**
 * The longest stretch of a song that is danced: only its first ten minutes are decoded, WAV
 * as well as what ffmpeg reads, so a huge upload costs no more than a ten-minute song.
 */
export const MAX_SONG_SECONDS = 600;

/** A song ready for the analysis thread: WAV bytes as they are, or ffmpeg's mono float samples. */
export type SongPcm = { kind: 'wav'; bytes: Uint8Array } | { kind: 'f32le'; bytes: Uint8Array; sampleRate: number };

/** Mono samples of a song read by song.ts's `readSong`, the first {@link MAX_SONG_SECONDS} of a WAV. */
export function songSamples(song: SongPcm): { samples: Float32Array; sampleRate: number } {
  const bytes = Buffer.from(song.bytes.buffer, song.bytes.byteOffset, song.bytes.byteLength);
  if (song.kind === 'wav') return decodeWav(bytes, { maxSeconds: MAX_SONG_SECONDS });
  const samples = new Float32Array(Math.floor(bytes.length / 4));
  for (let i = 0; i < samples.length; i++) samples[i] = bytes.readFloatLE(i * 4);
  return { samples, sampleRate: song.sampleRate };
}
