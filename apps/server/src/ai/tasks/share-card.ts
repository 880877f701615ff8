import sharp, { type OverlayOptions } from 'sharp';

/** Open Graph's card size: what X, Facebook, LINE and Weibo show best. */
export const CARD = { width: 1200, height: 630 } as const;

/** The font every card's words are set in: one family that covers Latin and Chinese (Debian's fonts-noto-cjk). */
const FONT = 'Noto Sans CJK TC';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Words set by Pango, wrapped to `width` and shrunk until they fit `height`. */
async function words(text: string, size: number, width: number, height: number, colour: string): Promise<Buffer> {
  for (let pt = size; ; pt -= 2) {
    const out = await sharp({
      text: { text: `<span foreground="${colour}" font_desc="${FONT} ${pt}">${escape(text)}</span>`, width, rgba: true, dpi: 72, wrap: 'word-char' },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
    if (out.info.height <= height || pt <= 12) return out.data;
  }
}

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
  const [kind, title, byline, brand] = await Promise.all([
    words(input.kind, 26, textWidth, 40, '#C9BFFF'),
    words(input.title, 64, textWidth, 300, '#FFFFFF'),
    words(input.byline, 32, textWidth, 90, '#E6E0FF'),
    words('Starlit', 30, textWidth, 40, '#FFD36E'),
  ]);
  layers.push({ input: kind, left: textLeft, top: 60 }, { input: title, left: textLeft, top: 120 }, { input: byline, left: textLeft, top: 440 }, { input: brand, left: textLeft, top: height - 90 });
  return sharp(background).composite(layers).png().toBuffer();
}

const cover = (bytes: Buffer | null): bytes is Buffer => bytes !== null && bytes.length > 0;
