import sharp from 'sharp';

/** The aspect ratios a creator may choose (issue 11). */
export const IMAGE_RATIOS = ['1:1', '3:4', '4:3', '9:16', '16:9'] as const;
export type ImageRatio = (typeof IMAGE_RATIOS)[number];

/** The default long side: 1024 gives every ratio above whole multiples of 64 (576, 768, 1024). */
export const DEFAULT_LONG_SIDE = 1024;

/** Width over height of a ratio. */
export function ratioValue(ratio: ImageRatio): number {
  const [w, h] = ratio.split(':').map(Number) as [number, number];
  return w / h;
}

/**
 * Pixel size of a ratio with the given long side; the short side is rounded to a multiple
 * of 8 (what every diffusion model needs) so the ratio is exact whenever the long side allows it.
 */
export function ratioSize(ratio: ImageRatio, longSide = DEFAULT_LONG_SIDE): { width: number; height: number } {
  const value = ratioValue(ratio);
  const short = Math.max(8, Math.round((longSide * Math.min(value, 1 / value)) / 8) * 8);
  return value >= 1 ? { width: longSide, height: short } : { width: short, height: longSide };
}

/** Rounds a side to a multiple of `step`, never below one step. */
export function snap(side: number, step: number): number {
  return Math.max(step, Math.round(side / step) * step);
}

/**
 * Brings a picture to exactly width×height as PNG: scaled to cover, then the centre cut out.
 * Used when a provider cannot draw the exact size, and to fit a reference to the output ratio.
 */
export async function fitToSize(image: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(image).rotate().resize(width, height, { fit: 'cover', position: 'centre' }).png().toBuffer();
}
