import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { canRun, runProcess } from '../speech/run-process.ts';
import { sniffAudioType } from '../voice/audio-probe.ts';
import { readWavFormat, type WavFormat, wavFrameReader } from '../voice/pcm.ts';
import { MAX_SONG_SECONDS, type SongPcm } from './song-samples.ts';

const DECODE_RATE = 22_050;

const isWav = (bytes: Buffer) => bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WAVE';

/**
 * Runs ffmpeg on `bytes` written to a temporary file, decoding its first audio stream to mono
 * float at `rate`, at most `seconds` of it. A file, not a pipe: MP4/M4A files keep their index
 * (`moov`) after the audio, which ffmpeg cannot seek back from through a pipe.
 */
async function ffmpegToMono(bytes: Buffer, rate: number, seconds: number, signal?: AbortSignal) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'starlit-song-'));
  try {
    const input = path.join(dir, 'song');
    await writeFile(input, bytes);
    const args = ['-hide_banner', '-loglevel', 'error', '-i', input, '-map', '0:a:0', '-t', String(seconds), '-ac', '1', '-ar', String(rate), '-f', 'f32le', 'pipe:1'];
    return await runProcess('ffmpeg', args, { timeoutMs: 60_000, signal, maxOutputBytes: seconds * rate * 4 + 4096 });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Gets a song ready to decode: a WAV (told by its content, whatever type it was labelled with)
 * is passed on as it is, anything else is decoded by ffmpeg, in its own process, to mono float
 * at 22.05 kHz, the first {@link MAX_SONG_SECONDS} of it. An abort kills ffmpeg.
 */
export async function readSong(audio: Buffer, signal?: AbortSignal): Promise<SongPcm> {
  if (isWav(audio)) return { kind: 'wav', bytes: audio };
  const out = await ffmpegToMono(audio, DECODE_RATE, MAX_SONG_SECONDS, signal);
  if (out.code !== 0) throw new Error(`ffmpeg could not decode the song: ${out.stderr.trim().slice(0, 200)}`);
  return { kind: 'f32le', bytes: out.stdout, sampleRate: DECODE_RATE };
}

/** What a song may be, checked by {@link checkSong} before a dance is charged. */
export const SONG_LIMITS = { maxBytes: 20 * 1024 * 1024, minSeconds: 5, maxSeconds: MAX_SONG_SECONDS } as const;

/** The types a song is accepted in, told by content. */
export type SongType = 'audio/wav' | 'audio/mpeg' | 'audio/ogg' | 'audio/mp4' | 'audio/aac' | 'audio/flac';

/** The file name ending of each kind of song, as storage serves it. */
export const SONG_EXTENSIONS: Record<SongType, string> = { 'audio/wav': '.wav', 'audio/mpeg': '.mp3', 'audio/ogg': '.ogg', 'audio/mp4': '.m4a', 'audio/aac': '.aac', 'audio/flac': '.flac' };

/** Why a song is refused, for the caller to turn into a localized message. */
export type SongRefusal = 'type' | 'size' | 'duration' | 'unreadable';

export class SongError extends Error {
  constructor(
    readonly reason: SongRefusal,
    message: string,
  ) {
    super(`song refused (${reason}): ${message}`);
  }
}

// still images in the ISO base media file format that MP4 audio shares: HEIF/HEIC and AVIF
const IMAGE_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

/** The type of a song by its first bytes, or null when it is none of the accepted ones. */
export function songType(bytes: Buffer): SongType | null {
  const type = sniffAudioType(bytes);
  if (type === 'audio/mp4') return IMAGE_BRANDS.has(bytes.toString('latin1', 8, 12)) ? null : type;
  if (type && type !== 'audio/webm') return type;
  // ADTS, the framing of raw .aac files: 12 sync bits, then the layer bits 00 MPEG audio never has
  if (bytes.length >= 7 && bytes[0] === 0xff && (bytes[1] & 0xf6) === 0xf0) return 'audio/aac';
  return null;
}

/** Below this peak (−60 dBFS) a song is taken as silence: there is nothing to dance to. */
const SILENCE = 0.001;
/** A low rate is enough to measure length and loudness, and keeps ffmpeg's output small. */
const CHECK_RATE = 8000;
/** Frames scanned between two turns of the event loop. */
const SCAN_SLICE = 1 << 16;

let ffmpegInstalled: Promise<boolean> | null = null;

/** Length and peak of a WAV from our own reader; the scan yields to the event loop between slices. */
async function measureWav(bytes: Buffer): Promise<{ seconds: number; peak: () => Promise<number> }> {
  let format: WavFormat;
  try {
    format = readWavFormat(bytes);
  } catch (err) {
    throw new SongError('unreadable', (err as Error).message);
  }
  const frame = wavFrameReader(bytes, format);
  const peak = async () => {
    let top = 0;
    for (let start = 0; start < format.frames; start += SCAN_SLICE) {
      for (let i = start; i < Math.min(format.frames, start + SCAN_SLICE); i++) top = Math.max(top, Math.abs(frame(i)));
      await new Promise((resolve) => setImmediate(resolve));
    }
    return top;
  };
  return { seconds: format.frames / format.sampleRate, peak };
}

/** Length and peak of any other song, decoded by ffmpeg (a second past the limit, to tell a longer one). */
async function measureWithFfmpeg(bytes: Buffer, signal?: AbortSignal): Promise<{ seconds: number; peak: () => Promise<number> }> {
  ffmpegInstalled ??= canRun('ffmpeg', ['-version']);
  if (!(await ffmpegInstalled)) throw new SongError('type', 'ffmpeg is not installed here, so only WAV songs can be read');
  const out = await ffmpegToMono(bytes, CHECK_RATE, SONG_LIMITS.maxSeconds + 1, signal);
  if (out.code !== 0) throw new SongError('unreadable', `ffmpeg could not decode it: ${out.stderr.trim().slice(0, 200)}`);
  // copied into an aligned array at once; the samples are little-endian as on every host we run on
  const samples = new Float32Array(Math.floor(out.stdout.length / 4));
  new Uint8Array(samples.buffer).set(out.stdout.subarray(0, samples.byteLength));
  const peak = async () => {
    let top = 0;
    for (const v of samples) top = Math.max(top, Math.abs(v));
    return top;
  };
  return { seconds: samples.length / CHECK_RATE, peak };
}

/**
 * Judges a song by its content before a dance is charged for it: at most 20 MB, WAV, MP3, OGG,
 * M4A/AAC or FLAC by its bytes (whatever it is called), readable (our WAV reader, ffmpeg for the
 * rest), 5 s to 10 minutes long, and not silent. Throws a {@link SongError} naming the rule.
 */
export async function checkSong(bytes: Buffer, options: { signal?: AbortSignal } = {}): Promise<{ contentType: SongType; seconds: number }> {
  if (bytes.length > SONG_LIMITS.maxBytes) throw new SongError('size', `${bytes.length} bytes, more than ${SONG_LIMITS.maxBytes}`);
  if (bytes.length === 0) throw new SongError('unreadable', 'the file is empty');
  const contentType = songType(bytes);
  if (!contentType) throw new SongError('type', 'not WAV, MP3, OGG, M4A/AAC or FLAC audio');
  const { seconds, peak } = contentType === 'audio/wav' ? await measureWav(bytes) : await measureWithFfmpeg(bytes, options.signal);
  if (seconds === 0) throw new SongError('unreadable', 'no audio in it');
  if (seconds < SONG_LIMITS.minSeconds || seconds > SONG_LIMITS.maxSeconds) throw new SongError('duration', `${seconds.toFixed(1)} s, not ${SONG_LIMITS.minSeconds}–${SONG_LIMITS.maxSeconds} s`);
  if ((await peak()) < SILENCE) throw new SongError('unreadable', 'the song is silent');
  return { contentType, seconds };
}
