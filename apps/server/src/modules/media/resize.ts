import path from 'node:path';
import sharp from 'sharp';
import type { OpenedObject, Storage } from '../../platform/storage.ts';

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
 * The name of the copy of `key` at `width`, kept with the storage's copies of `key` (so it
 * is deleted with it). The source's modification time is part of the name, so replacing a
 * file never serves a stale copy.
 */
export function resizedCopyName(key: string, width: number, sourceModifiedAt: Date): string {
  return `w${width}-${sourceModifiedAt.getTime().toString(36)}${path.extname(key).toLowerCase()}`;
}

async function render(source: Buffer, width: number, format: OutputFormat): Promise<Buffer> {
  // Animated GIFs keep every frame: a still of the first frame would change what the work is.
  const image = sharp(source, { animated: format === 'gif', limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width, withoutEnlargement: true });
  return image.toFormat(format).toBuffer();
}

/**
 * Answers the image under a key at most `width` pixels wide, aspect ratio kept, same format,
 * from the storage's copy when there is one. Concurrent first requests share one rendering.
 */
export function imageResizer(storage: Storage) {
  const inFlight = new Map<string, Promise<Buffer>>();
  return async (key: string, source: OpenedObject, width: number, format: OutputFormat): Promise<Buffer> => {
    const name = resizedCopyName(key, width, source.modifiedAt);
    const cached = await storage.readCopy(key, name);
    if (cached) return cached;
    const flight = `${key}\n${name}`;
    const pending = inFlight.get(flight);
    if (pending) return pending;
    const job = storage
      .read(key)
      .then(async (original) => {
        if (!original) throw new Error(`${key} is gone`);
        const body = await render(original, width, format);
        await storage.putCopy(key, name, body);
        return body;
      })
      .finally(() => inFlight.delete(flight));
    inFlight.set(flight, job);
    return job;
  };
}
