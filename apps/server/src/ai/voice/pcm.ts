import { canRun, runProcess } from '../speech/run-process.ts';

/** The layout of a WAV file's samples. */
export interface WavFormat {
  format: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  dataOffset: number;
  dataBytes: number;
  frames: number;
}

const PCM = 1;
const FLOAT = 3;
const EXTENSIBLE = 0xfffe;

/** Reads the fmt and data chunks of a RIFF/WAVE file; throws on anything it cannot decode. */
export function readWavFormat(bytes: Buffer): WavFormat {
  let offset = 12;
  let fmt: Omit<WavFormat, 'dataOffset' | 'dataBytes' | 'frames'> | null = null;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ' && body + 16 <= bytes.length) {
      let format = bytes.readUInt16LE(body);
      // WAVE_FORMAT_EXTENSIBLE keeps the real format in its sub-format GUID
      if (format === EXTENSIBLE && size >= 26 && body + 26 <= bytes.length) format = bytes.readUInt16LE(body + 24);
      fmt = { format, channels: bytes.readUInt16LE(body + 2), sampleRate: bytes.readUInt32LE(body + 4), bitsPerSample: bytes.readUInt16LE(body + 14) };
    } else if (id === 'data' && fmt) {
      const frameBytes = fmt.channels * (fmt.bitsPerSample / 8);
      // streamed files carry a placeholder size; the bytes present are what counts
      const dataBytes = Math.min(size, bytes.length - body);
      const ok = (fmt.format === PCM && [8, 16, 24, 32].includes(fmt.bitsPerSample)) || (fmt.format === FLOAT && fmt.bitsPerSample === 32);
      if (!ok || fmt.channels < 1 || fmt.sampleRate < 1 || frameBytes < 1) throw new Error('unsupported WAV sample format');
      return { ...fmt, dataOffset: body, dataBytes, frames: Math.floor(dataBytes / frameBytes) };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV without fmt and data chunks');
}

/** A reader of a WAV's frames as mono samples in [-1, 1] (channels averaged), by frame index. */
export function wavFrameReader(bytes: Buffer, f: WavFormat): (frame: number) => number {
  const width = f.bitsPerSample / 8;
  const read = (at: number): number => {
    if (f.format === FLOAT) return bytes.readFloatLE(at);
    if (width === 1) return (bytes[at] - 128) / 128;
    if (width === 2) return bytes.readInt16LE(at) / 32768;
    if (width === 3) return bytes.readIntLE(at, 3) / 8388608;
    return bytes.readInt32LE(at) / 2147483648;
  };
  return (frame) => {
    let sum = 0;
    for (let c = 0; c < f.channels; c++) sum += read(f.dataOffset + (frame * f.channels + c) * width);
    return sum / f.channels;
  };
}

/** Decodes a PCM or float WAV to mono samples in [-1, 1]; with `maxSeconds`, only its start. */
export function decodeWav(bytes: Buffer, options: { maxSeconds?: number } = {}): { samples: Float32Array; sampleRate: number } {
  const f = readWavFormat(bytes);
  const frames = options.maxSeconds === undefined ? f.frames : Math.min(f.frames, Math.floor(options.maxSeconds * f.sampleRate));
  const frame = wavFrameReader(bytes, f);
  const samples = new Float32Array(frames);
  for (let i = 0; i < frames; i++) samples[i] = frame(i);
  return { samples, sampleRate: f.sampleRate };
}

const ANALYSIS_RATE = 16_000;
let ffmpegInstalled: Promise<boolean> | null = null;

/** Whether ffmpeg is installed, checked once. */
function ffmpegAvailable(): Promise<boolean> {
  ffmpegInstalled ??= canRun('ffmpeg', ['-version']);
  return ffmpegInstalled;
}

/** Thrown for a non-WAV clip when ffmpeg, which would decode it, is not installed. */
export class DecoderMissingError extends Error {
  constructor() {
    super('ffmpeg is not installed here, so only WAV clips can be analysed offline');
  }
}

/**
 * Mono samples of any accepted clip: WAV decoded here, other types through ffmpeg, at most
 * `maxSeconds` of them (enough to tell a clip is too long without decoding all of it).
 */
export async function decodeToMono(bytes: Buffer, contentType: string, options: { signal?: AbortSignal; maxSeconds?: number } = {}): Promise<{ samples: Float32Array; sampleRate: number }> {
  if (contentType === 'audio/wav') return decodeWav(bytes);
  if (!(await ffmpegAvailable())) throw new DecoderMissingError();
  const limit = options.maxSeconds ? ['-t', String(options.maxSeconds)] : [];
  const args = ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', ...limit, '-ac', '1', '-ar', String(ANALYSIS_RATE), '-f', 'f32le', 'pipe:1'];
  const out = await runProcess('ffmpeg', args, { input: bytes, timeoutMs: 20_000, signal: options.signal, maxOutputBytes: 60 * ANALYSIS_RATE * 4 });
  if (out.code !== 0) throw new Error(`ffmpeg could not decode the clip: ${out.stderr.trim().slice(0, 200)}`);
  const samples = new Float32Array(Math.floor(out.stdout.length / 4));
  for (let i = 0; i < samples.length; i++) samples[i] = out.stdout.readFloatLE(i * 4);
  return { samples, sampleRate: ANALYSIS_RATE };
}
