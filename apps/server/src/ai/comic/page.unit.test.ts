import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPrompt } from '../image/scene-words.ts';
import { composePage, pageLayout, panelPrompt } from './page.ts';

const COLOURS: Array<[number, number, number]> = [
  [230, 57, 70],
  [42, 157, 143],
  [233, 196, 106],
  [69, 123, 157],
  [131, 56, 236],
  [244, 162, 97],
];
/** A panel of one colour at 4:3, or at another ratio to be cropped. */
const solid = (rgb: [number, number, number], width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();

describe('composePage', () => {
  for (const count of [4, 5, 6]) {
    it(`places ${count} panels in reading order under a title`, async () => {
      const panels = await Promise.all(COLOURS.slice(0, count).map((c, i) => solid(c, i === 0 ? 900 : 640, 480)));
      const page = await composePage(panels, { title: count === 5 ? '米拉的海邊日記' : 'The Great Cream Flood', lang: count === 5 ? 'zh_TW' : 'en_US' });
      const layout = pageLayout(count);
      const meta = await sharp(page).metadata();
      expect(meta.format).toBe('png');
      expect([meta.width, meta.height]).toEqual([1200, layout.height]);
      expect(layout.cells).toHaveLength(count);
      const { data, info } = await sharp(page).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3));
      for (const [i, cell] of layout.cells.entries()) {
        expect(cell.x + cell.width).toBeLessThanOrEqual(1200);
        expect(cell.y + cell.height).toBeLessThanOrEqual(layout.height);
        // inside the frame the panel's own colour, all over; the frame itself in ink
        for (const [fx, fy] of [
          [0.5, 0.5],
          [0.05, 0.05],
          [0.95, 0.95],
        ] as const) {
          expect(at(Math.round(cell.x + cell.width * fx), Math.round(cell.y + cell.height * fy))).toEqual(COLOURS[i]);
        }
        expect(Math.max(...at(cell.x + 1, Math.round(cell.y + cell.height / 2)))).toBeLessThan(40);
      }
      // reading order: left to right, then down
      for (let i = 1; i < count; i++) {
        const [a, b] = [layout.cells[i - 1]!, layout.cells[i]!];
        expect(b.y > a.y || (b.y === a.y && b.x > a.x)).toBe(true);
      }
      // the title: dark ink in the band above the first row
      let ink = 0;
      for (let y = layout.title.y; y < layout.title.y + layout.title.height - 6; y++) for (let x = 0; x < 1200; x++) if (Math.max(...at(x, y)) < 60) ink++;
      expect(ink).toBeGreaterThan(2000);
    });
  }

  it('lays out at another width in proportion', () => {
    const small = pageLayout(6, 600);
    const large = pageLayout(6, 1200);
    expect(small.width).toBe(600);
    expect(Math.abs(small.height * 2 - large.height)).toBeLessThan(12);
  });
});

describe('panelPrompt', () => {
  it('names the same character in every panel, so the offline engine draws one', () => {
    const opts = { agentName: 'Mira', agentWords: 'a girl with pink hair\nand a baker’s apron', scene: 'seaside' };
    const prompts = [
      { scene: 'Mira bakes a cake', lines: [], narration: '' },
      { scene: 'A kitchen covered in cream', lines: [], narration: '' },
    ].map((panel) => panelPrompt(panel, opts));
    for (const prompt of prompts) {
      const character = prompt.split('\n').find((line) => line.startsWith('Character:'));
      expect(character).toBe('Character: Mira, a girl with pink hair and a baker’s apron');
      expect(prompt).toContain('seaside');
      expect(prompt).toMatch(/no text/);
      expect(readPrompt(prompt).figure.person).toBe(true);
      expect(readPrompt(prompt).elements).toContain('sea');
    }
    expect(prompts[1]).toMatch(/^Mira: A kitchen covered in cream/);
  });
});
