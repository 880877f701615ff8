import sharp from 'sharp';
import { charCount, shorten } from './text-fit.ts';

/**
 * Pango font families, first match per character: Noto Sans CJK TC (Debian's fonts-noto-cjk)
 * draws Traditional Chinese and Latin alike, so a line mixing both keeps one look; DejaVu Sans
 * stands in where it is missing.
 */
export const COMIC_FONT = 'Noto Sans CJK TC, Noto Sans CJK SC, DejaVu Sans, sans-serif';

/** A block of text drawn on transparency, cut to its ink. */
export interface TextBlock {
  png: Buffer;
  width: number;
  height: number;
  /** Font size in pixels it was drawn at. */
  size: number;
  /** The text drawn, shorter than asked when even the smallest size could not hold it. */
  text: string;
}

export interface FitOptions {
  maxWidth: number;
  maxHeight: number;
  /** Largest and smallest font sizes to try, in pixels. */
  size: number;
  minSize: number;
  bold?: boolean;
  align?: 'left' | 'centre';
  colour?: string;
  /** Width over height the wrapped block aims for (wide blocks make flat balloons). */
  aspect?: number;
  /** A text that would take at most this many font sizes in one line stays on one line (when maxWidth allows). */
  oneLine?: number;
}

const escapeMarkup = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Draws text wrapped at `wrapWidth` pixels (Pango, through sharp's text input; 72 dpi makes points pixels). */
export async function drawText(text: string, size: number, wrapWidth: number, options: Pick<FitOptions, 'bold' | 'align' | 'colour'> = {}): Promise<TextBlock> {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${options.colour ?? '#111111'}">${escapeMarkup(text)}</span>`,
      font: `${COMIC_FONT} ${options.bold ? 'Bold' : 'Medium'} ${Math.max(1, Math.round(size))}px`,
      width: Math.max(1, Math.round(wrapWidth)),
      dpi: 72,
      rgba: true,
      align: options.align ?? 'centre',
      wrap: 'word-char',
      spacing: Math.round(size * 0.2),
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height, size, text };
}

/**
 * How wide to wrap: a short text on one line; a longer one about `aspect` times as wide as
 * tall, in lines of even length so no word is left alone on the last. Lengths are rough: a
 * Chinese character is one size wide, a Latin letter about half.
 */
function wrapWidthFor(text: string, size: number, options: FitOptions): number {
  const cjk = text.match(/[\u3000-\u9fff\uff00-\uffef]/g)?.length ?? 0;
  const length = (cjk + (charCount(text) - cjk) * 0.55) * size;
  const oneLine = size * (options.oneLine ?? 4);
  const target = length <= oneLine ? length : Math.max(oneLine * 0.8, Math.sqrt(length * size * 1.3 * (options.aspect ?? 2.2)));
  const lines = Math.ceil(length / Math.min(options.maxWidth, target));
  return Math.min(options.maxWidth, length / lines + size * 1.5);
}

/**
 * The text at the largest size that fits `maxWidth` × `maxHeight`, shrinking a tenth at a time;
 * at `minSize` a text still too long is shortened with an ellipsis until it fits. The block
 * never overflows the box.
 */
export async function fitText(text: string, options: FitOptions): Promise<TextBlock> {
  let current = text;
  for (;;) {
    for (let size = options.size; size >= options.minSize; size *= 0.9) {
      const block = await drawText(current, size, wrapWidthFor(current, size, options), options);
      if (block.width <= options.maxWidth && block.height <= options.maxHeight) return { ...block, text: current };
      // wrapped narrow, the block may be too tall where the full width would fit
      const wide = await drawText(current, size, options.maxWidth, options);
      if (wide.width <= options.maxWidth && wide.height <= options.maxHeight) return { ...wide, text: current };
    }
    const count = charCount(current);
    if (count <= 2)
      return {
        png: await sharp({ create: { width: 1, height: 1, channels: 4, background: '#0000' } })
          .png()
          .toBuffer(),
        width: 1,
        height: 1,
        size: options.minSize,
        text: '',
      };
    current = shorten(current, Math.floor(count * 0.8));
  }
}
