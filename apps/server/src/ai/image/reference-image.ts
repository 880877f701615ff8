import sharp, { type Metadata } from 'sharp';

/** Largest reference upload, in bytes. */
export const MAX_REFERENCE_BYTES = 10 * 1024 * 1024;
/** Largest reference side, in pixels. */
export const MAX_REFERENCE_SIDE = 4096;
const FORMATS = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/** A reference picture that is not one we take; the message is fit to show the creator. */
export class ReferenceImageError extends Error {
  /** What is wrong: not a picture of an accepted type, or too large. */
  constructor(
    message: string,
    readonly reason: 'type' | 'size',
  ) {
    super(message);
  }
}

export interface ReferenceInfo {
  format: keyof typeof FORMATS;
  contentType: (typeof FORMATS)[keyof typeof FORMATS];
  width: number;
  height: number;
}

/**
 * Checks a reference picture by its content (sharp reads the header, the file name and
 * declared type are not trusted): JPEG, PNG or WebP, at most 10 MB and 4096 px a side.
 */
export async function checkReferenceImage(bytes: Buffer): Promise<ReferenceInfo> {
  if (bytes.length === 0) throw new ReferenceImageError('reference image is empty', 'type');
  if (bytes.length > MAX_REFERENCE_BYTES) throw new ReferenceImageError(`reference image is larger than ${MAX_REFERENCE_BYTES / 1024 / 1024} MB`, 'size');
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new ReferenceImageError('reference image is not a picture', 'type');
  }
  const format = meta.format;
  if (format !== 'jpeg' && format !== 'png' && format !== 'webp') throw new ReferenceImageError('reference image must be JPEG, PNG or WebP', 'type');
  const { width, height } = meta;
  if (!width || !height) throw new ReferenceImageError('reference image has no size', 'type');
  if (width > MAX_REFERENCE_SIDE || height > MAX_REFERENCE_SIDE) throw new ReferenceImageError(`reference image is larger than ${MAX_REFERENCE_SIDE} px a side`, 'size');
  return { format, contentType: FORMATS[format], width, height };
}
