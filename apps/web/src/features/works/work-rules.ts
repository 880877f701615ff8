import { WORK_LIMITS, type WorkMediaKind } from '@starlit/contract';
import type { z } from 'zod';

type MediaKind = z.infer<typeof WorkMediaKind>;

/**
 * The file types the picker offers, as the server accepts them (docs/works.md). The server
 * checks the bytes and has the last word; this only saves a long upload of a wrong file.
 */
const ACCEPTED: Record<MediaKind, readonly string[]> = {
  image: ['image/jpeg', 'image/png', 'image/webp'],
  audio: ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/mpeg', 'audio/mp3', 'audio/ogg', 'audio/flac', 'audio/x-flac', 'audio/mp4', 'audio/x-m4a', 'audio/m4a', 'audio/aac'],
  video: ['video/mp4', 'video/webm'],
};

const MAX_BYTES: Record<MediaKind, number> = { image: WORK_LIMITS.imageBytes, audio: WORK_LIMITS.audioBytes, video: WORK_LIMITS.videoBytes };

/** The picker's `accept`: pictures only for a post, anything a work may be otherwise. */
export function acceptOf(kinds: readonly MediaKind[]): string {
  return kinds.flatMap((kind) => ACCEPTED[kind]).join(',');
}

export type FileCheck = { ok: true; kind: MediaKind } | { ok: false; problem: 'type' } | { ok: false; problem: 'size'; maxMb: number };

/** What kind of work a picked file would be, or why it cannot be one (among `kinds`). */
export function checkFile(file: Pick<File, 'type' | 'size'>, kinds: readonly MediaKind[] = ['image', 'audio', 'video']): FileCheck {
  const kind = kinds.find((k) => ACCEPTED[k].includes(file.type.toLowerCase()));
  if (!kind) return { ok: false, problem: 'type' };
  if (file.size > MAX_BYTES[kind]) return { ok: false, problem: 'size', maxMb: MAX_BYTES[kind] / (1024 * 1024) };
  return { ok: true, kind };
}

/**
 * The loudest sample of each of `buckets` equal slices of a sound, scaled so the loudest slice is
 * 1: the bars of a waveform. Silence gives zeros rather than a division by zero.
 */
export function peaksOf(samples: Float32Array, buckets: number): number[] {
  const size = Math.max(1, Math.floor(samples.length / buckets));
  const peaks: number[] = [];
  for (let b = 0; b < buckets; b += 1) {
    let peak = 0;
    const end = Math.min(samples.length, (b + 1) * size);
    for (let i = b * size; i < end; i += 1) peak = Math.max(peak, Math.abs(samples[i] ?? 0));
    peaks.push(peak);
  }
  const loudest = Math.max(...peaks);
  return loudest > 0 ? peaks.map((p) => p / loudest) : peaks;
}

/** Zoom steps of the picture viewer: 1× to 8×. */
export const ZOOM = { min: 1, max: 8, step: 1.25 } as const;

/** A zoom level moved by `factor` and kept within the viewer's range. */
export function clampZoom(zoom: number, factor: number): number {
  return Math.min(ZOOM.max, Math.max(ZOOM.min, zoom * factor));
}
