import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { writeFileAtomic, type StoredFile } from '../../platform/storage.ts';

type OutputFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/** Raster formats that are resized; anything else (SVG, audio, video…) is served as it is. */
const RESIZABLE: Record<string, OutputFormat> = {
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.png': 'png',
  '.webp': 'webp',
  '.gif': 'gif',
};

// Larger sources would cost hundreds of megabytes to decode; they are served unresized.
const MAX_INPUT_PIXELS = 40_000_000;

/** The output format for a key, or null when the key is not a resizable image. */
export function resizableFormat(key: string): OutputFormat | null {
  return RESIZABLE[path.extname(key).toLowerCase()] ?? null;
}

/**
 * Where the resized copy of `key` at `width` is cached. The source's modification time is
 * part of the name, so replacing a file never serves a stale copy.
 */
export function resizeCacheFile(mediaDir: string, key: string, width: number, sourceMtimeMs: number): string {
  const digest = createHash('sha256')
    .update(`${key}\n${width}\n${Math.trunc(sourceMtimeMs)}`)
    .digest('hex');
  return path.join(mediaDir, '.cache', 'resize', digest.slice(0, 2), `${digest}${path.extname(key).toLowerCase()}`);
}

async function render(source: string, width: number, format: OutputFormat): Promise<Buffer> {
  // Animated GIFs keep every frame: a still of the first frame would change what the work is.
  const image = sharp(source, { animated: format === 'gif', limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width, withoutEnlargement: true });
  return image.toFormat(format).toBuffer();
}

const inFlight = new Map<string, Promise<Buffer>>();

/**
 * The image under `key` at most `width` pixels wide, aspect ratio kept, same format, read
 * from the disk cache when it is there. Concurrent first requests share one rendering.
 */
export async function resizedImage(mediaDir: string, key: string, found: StoredFile, width: number, format: OutputFormat): Promise<Buffer> {
  const cacheFile = resizeCacheFile(mediaDir, key, width, found.stats.mtimeMs);
  const cached = await fs.readFile(cacheFile).catch(() => null);
  if (cached) return cached;
  const pending = inFlight.get(cacheFile);
  if (pending) return pending;
  const job = render(found.file, width, format)
    .then(async (body) => {
      await writeFileAtomic(cacheFile, body);
      return body;
    })
    .finally(() => inFlight.delete(cacheFile));
  inFlight.set(cacheFile, job);
  return job;
}
