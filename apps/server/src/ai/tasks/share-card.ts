import sharp, { type OverlayOptions } from 'sharp';
import { fitText } from '../comic/text-block.ts';

/** Open Graph's card size: what X, Facebook, LINE and Weibo show best. */
export const CARD = { width: 1200, height: 630 } as const;

/**
 * The share card of a finished task: its picture on the left, its title, star and kind on the
 * right, over the product's colours. Platforms show it beside the link the person shares.
 */
export async function shareCard(input: { cover: Buffer | null; title: string; byline: string; kind: string }): Promise<Buffer> {
  const { width, height } = CARD;
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#221463"/><stop offset="1" stop-color="#44367F"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const side = height - 80;
  const layers: OverlayOptions[] = [];
  if (cover(input.cover)) {
    const picture = await sharp(input.cover!).resize(side, side, { fit: 'cover' }).png().toBuffer();
    layers.push({ input: picture, left: 40, top: 40 });
  }
  const textLeft = input.cover ? side + 80 : 60;
  const textWidth = width - textLeft - 50;
  // the comic's lettering: Pango with one font for Latin and Chinese, shrunk (then shortened) until it fits its box
  const words = (text: string, size: number, maxHeight: number, colour: string, bold = false) =>
    fitText(text, { maxWidth: textWidth, maxHeight, size, minSize: 14, colour, bold, align: 'left', oneLine: 40 }).then((b) => b.png);
  const [kind, title, byline, brand] = await Promise.all([
    words(input.kind, 26, 40, '#C9BFFF'),
    words(input.title, 64, 300, '#FFFFFF', true),
    words(input.byline, 32, 90, '#E6E0FF'),
    words('Starlit', 30, 40, '#FFD36E', true),
  ]);
  layers.push({ input: kind, left: textLeft, top: 60 }, { input: title, left: textLeft, top: 120 }, { input: byline, left: textLeft, top: 440 }, { input: brand, left: textLeft, top: height - 90 });
  return sharp(background).composite(layers).png().toBuffer();
}

const cover = (bytes: Buffer | null): bytes is Buffer => bytes !== null && bytes.length > 0;
