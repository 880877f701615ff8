import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CARD, shareCard } from './share-card.ts';

/** Share of pixels in a region that differ from the card's background gradient (text or picture). */
async function inked(png: Buffer, region: { left: number; top: number; width: number; height: number }) {
  const { data, info } = await sharp(png).extract(region).raw().toBuffer({ resolveWithObject: true });
  let bright = 0;
  for (let i = 0; i < data.length; i += info.channels) if (data[i]! + data[i + 1]! + data[i + 2]! > 450) bright++;
  return bright / (info.width * info.height);
}

describe('share card', () => {
  it('is 1200x630 with the picture on the left and the words on the right, in Chinese too', async () => {
    const cover = await sharp({ create: { width: 300, height: 400, channels: 3, background: { r: 250, g: 250, b: 250 } } })
      .png()
      .toBuffer();
    const card = await shareCard({ cover, title: '雨天的咖啡館：米拉的一天', byline: '米拉 · 文生漫畫', kind: '每日任務' });
    const meta = await sharp(card).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([CARD.width, CARD.height, 'png']);
    // the white picture fills its square
    expect(await inked(card, { left: 60, top: 60, width: 400, height: 400 })).toBeGreaterThan(0.95);
    // the title's glyphs are drawn where the title goes, and nothing below the byline but the brand
    expect(await inked(card, { left: 640, top: 120, width: 500, height: 80 })).toBeGreaterThan(0.03);
    expect(await inked(card, { left: 640, top: 370, width: 500, height: 60 })).toBe(0);
  });

  it('shrinks a long title to fit above the byline', async () => {
    const card = await shareCard({ cover: null, title: 'A very long title '.repeat(12), byline: 'Mira', kind: 'Daily task' });
    expect(await inked(card, { left: 60, top: 425, width: 1000, height: 10 })).toBe(0);
  });
});
