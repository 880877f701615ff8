import { VOICE_CLIP_LIMITS } from '@starlit/contract';
import { parseBuffer } from 'music-metadata';
import { decodeToMono, readWavFormat } from './pcm.ts';

/** Audio containers a clip may come in, told apart by their first bytes. */
export type AudioType = 'audio/wav' | 'audio/mpeg' | 'audio/ogg' | 'audio/flac' | 'audio/mp4' | 'audio/webm';

/** File extension a clip of each type is stored under (storage serves by extension). */
export const AUDIO_EXTENSIONS: Record<AudioType, string> = {
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
  'audio/mp4': 'm4a',
  'audio/webm': 'webm',
};

const ascii = (bytes: Buffer, start: number, end: number) => (bytes.length >= end ? bytes.toString('latin1', start, end) : '');

/** The audio type of `bytes` read from its content (magic bytes), or null when it is none of them. */
export function sniffAudioType(bytes: Buffer): AudioType | null {
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(bytes, 0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(bytes, 0, 4) === 'fLaC') return 'audio/flac';
  if (ascii(bytes, 4, 8) === 'ftyp') return 'audio/mp4';
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return 'audio/webm';
  if (ascii(bytes, 0, 3) === 'ID3') return 'audio/mpeg';
  // an MPEG audio frame: 11 sync bits, then a layer that is not the reserved 00 (which ADTS AAC uses)
  if (bytes.length >= 4 && bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0 && (bytes[1] & 0x06) !== 0) return 'audio/mpeg';
  return null;
}

/** Why a clip cannot be used, one value per rule of SPEC §5. */
export type ClipProblem = 'too-large' | 'type' | 'unreadable' | 'too-short' | 'too-long' | 'sample-rate';

export class ClipRefused extends Error {
  constructor(readonly problem: ClipProblem) {
    super(`voice clip refused: ${problem}`);
  }
}

/** What the probe learnt about a clip. */
export interface ProbedClip {
  contentType: AudioType;
  durationSeconds: number;
  sampleRate: number;
}

async function readFormat(bytes: Buffer, type: AudioType): Promise<{ duration?: number; sampleRate?: number }> {
  if (type === 'audio/wav') {
    // our own reader knows every PCM layout a recorder writes, and needs no guessing
    const wav = readWavFormat(bytes);
    return { duration: wav.frames / wav.sampleRate, sampleRate: wav.sampleRate };
  }
  const { format } = await parseBuffer(bytes, { mimeType: type, size: bytes.length }, { duration: true, skipCovers: true });
  if (format.duration || !format.sampleRate) return { duration: format.duration, sampleRate: format.sampleRate };
  // a browser's MediaRecorder streams WebM without a duration: count the decoded samples instead
  const decoded = await decodeToMono(bytes, type, { maxSeconds: VOICE_CLIP_LIMITS.maxSeconds + 1 });
  return { duration: decoded.samples.length / decoded.sampleRate, sampleRate: format.sampleRate };
}

/**
 * Checks a clip against the rules of SPEC §5 in the order a person can fix them: size,
 * type (by content), readability, length, sampling rate. Throws {@link ClipRefused}.
 */
export async function probeClip(bytes: Buffer): Promise<ProbedClip> {
  if (bytes.length > VOICE_CLIP_LIMITS.maxBytes) throw new ClipRefused('too-large');
  const type = sniffAudioType(bytes);
  if (!type) throw new ClipRefused('type');
  let format: { duration?: number; sampleRate?: number };
  try {
    format = await readFormat(bytes, type);
  } catch {
    throw new ClipRefused('unreadable');
  }
  const { duration, sampleRate } = format;
  if (!duration || !Number.isFinite(duration) || !sampleRate) throw new ClipRefused('unreadable');
  if (duration < VOICE_CLIP_LIMITS.minSeconds) throw new ClipRefused('too-short');
  if (duration > VOICE_CLIP_LIMITS.maxSeconds) throw new ClipRefused('too-long');
  if (sampleRate <= VOICE_CLIP_LIMITS.minSampleRateExclusive) throw new ClipRefused('sample-rate');
  return { contentType: type, durationSeconds: duration, sampleRate };
}
