import { ErrorCode } from '@starlit/contract';
import { AppError } from '../../platform/errors.ts';

/** Widths a client may ask for: below 16 is useless, above 2048 is the original's job. */
export const RESIZE_MIN_WIDTH = 16;
export const RESIZE_MAX_WIDTH = 2048;

const RESIZE = /^resize,w_(\d{1,5})$/;

/**
 * Widths are served in steps of this many pixels (rounded up): anyone can ask for any width
 * without signing in, and every width is a file in the cache, so the steps bound the disk
 * an image can take to a few dozen copies.
 */
export const RESIZE_STEP = 50;

/**
 * The width asked for by SPEC §7's `image_process=resize,w_{width}` query parameter, or
 * null when there is none. Anything else (another operation, a width out of range, the
 * parameter given twice) is refused with 400 rather than silently served at full size.
 */
export function parseImageProcess(value: string | string[] | undefined): number | null {
  if (value === undefined) return null;
  const match = typeof value === 'string' ? RESIZE.exec(value) : null;
  const width = match ? Number(match[1]) : NaN;
  if (!(width >= RESIZE_MIN_WIDTH && width <= RESIZE_MAX_WIDTH)) throw new AppError(ErrorCode.MEDIA_BAD_IMAGE_PROCESS, 400);
  return Math.min(RESIZE_MAX_WIDTH, Math.ceil(width / RESIZE_STEP) * RESIZE_STEP);
}
