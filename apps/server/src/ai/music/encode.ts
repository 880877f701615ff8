import sharp from 'sharp';
import { runProcess } from '../speech/run-process.ts';
import { decodeWav } from '../voice/pcm.ts';
import { MUSIC_SECONDS } from './music-model.ts';

const MP3_BITRATE = '160k';
// a whole song fits easily; longer means ffmpeg is stuck
const FFMPEG_TIMEOUT_MS = 60_000;
const DECODE_RATE = 22_050;

/**
 * Encodes mono samples as MP3 with ffmpeg's LAME encoder. `tags` become ID3 text frames
 * (title, comment…), which is where the piece's settings travel with the file.
 */
export async function encodeMp3(samples: Float32Array, sampleRate: number, tags: Record<string, string>, signal?: AbortSignal): Promise<Buffer> {
  const metadata = Object.entries(tags).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'f32le',
    '-ar',
    String(sampleRate),
    '-ac',
    '1',
    '-i',
    'pipe:0',
    '-codec:a',
    'libmp3lame',
    '-b:a',
    MP3_BITRATE,
    ...metadata,
    '-f',
    'mp3',
    'pipe:1',
  ];
  const input = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const out = await runProcess('ffmpeg', args, { input, timeoutMs: FFMPEG_TIMEOUT_MS, signal });
  if (out.code !== 0 || out.stdout.length === 0) throw new Error(`ffmpeg could not encode MP3: ${out.stderr.trim().slice(0, 200)}`);
  return out.stdout;
}

/** Mono samples of a WAV (decoded here) or any other audio ffmpeg reads, at most a little over the longest piece. */
export async function decodeAudio(bytes: Buffer, signal?: AbortSignal): Promise<{ samples: Float32Array; sampleRate: number }> {
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WAVE') return decodeWav(bytes);
  const maxSeconds = MUSIC_SECONDS.max + 30;
  const args = ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', '-t', String(maxSeconds), '-ac', '1', '-ar', String(DECODE_RATE), '-f', 'f32le', 'pipe:1'];
  const out = await runProcess('ffmpeg', args, { input: bytes, timeoutMs: FFMPEG_TIMEOUT_MS, signal, maxOutputBytes: maxSeconds * DECODE_RATE * 4 });
  if (out.code !== 0 || out.stdout.length < 4) throw new Error(`ffmpeg could not decode the audio: ${out.stderr.trim().slice(0, 200)}`);
  const samples = new Float32Array(Math.floor(out.stdout.length / 4));
  for (let i = 0; i < samples.length; i++) samples[i] = out.stdout.readFloatLE(i * 4);
  return { samples, sampleRate: DECODE_RATE };
}

const WAVEFORM = { width: 800, height: 160, background: [15, 17, 35], peak: [124, 140, 255], rms: [196, 206, 255] } as const;

/**
 * A PNG of the waveform: per pixel column the sample range (min to max) in a pale colour and
 * the loudness (RMS) over it in a bright one, the way audio editors draw a track.
 */
export async function waveformPng(samples: Float32Array): Promise<Buffer> {
  const { width, height } = WAVEFORM;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) pixels.set(WAVEFORM.background, i * 3);
  const middle = height / 2;
  const perColumn = samples.length / width;
  for (let x = 0; x < width; x++) {
    const from = Math.floor(x * perColumn);
    const to = Math.max(from + 1, Math.floor((x + 1) * perColumn));
    let [low, high, square] = [0, 0, 0];
    for (let i = from; i < to && i < samples.length; i++) {
      low = Math.min(low, samples[i]);
      high = Math.max(high, samples[i]);
      square += samples[i] * samples[i];
    }
    const rms = Math.sqrt(square / (to - from));
    const paint = (fromY: number, toY: number, colour: readonly number[]) => {
      for (let y = Math.max(0, Math.floor(fromY)); y <= Math.min(height - 1, Math.ceil(toY)); y++) pixels.set(colour, (y * width + x) * 3);
    };
    paint(middle - high * middle, middle - low * middle, WAVEFORM.peak);
    paint(middle - rms * middle, middle + rms * middle, WAVEFORM.rms);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
