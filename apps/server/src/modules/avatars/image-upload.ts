import sharp from 'sharp';

/** Longest side of a stored 2D avatar; larger uploads are scaled down. */
const MAX_SIDE = 1024;
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

/**
 * Re-encodes an uploaded picture as WebP, or answers null when its content is not a JPG,
 * PNG or WebP image (whatever its name says). The EXIF orientation is applied first; the
 * new file carries no metadata at all (camera, GPS, comments), as sharp drops it unless asked.
 */
export async function normalizeAvatarImage(upload: Buffer): Promise<Buffer | null> {
  try {
    // limitInputPixels refuses decompression bombs before decoding
    const image = sharp(upload, { limitInputPixels: 40_000_000, failOn: 'error' });
    const { format } = await image.metadata();
    if (!format || !ACCEPTED.has(format)) return null;
    return await image.rotate().resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 88 }).toBuffer();
  } catch {
    return null;
  }
}
