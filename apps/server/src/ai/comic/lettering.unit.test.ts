import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { offlineImageModel } from '../image/offline.ts';
import { contains, overlapArea } from './boxes.ts';
import type { ComicPanel } from './comic-script.ts';
import type { Box } from './faces.ts';
import { letterPanel } from './lettering.ts';
import { panelPrompt } from './page.ts';

const LONG_ZH = '今天我要做一個世界上最大最甜最漂亮的草莓蛋糕，大家一起來吃吧，好不好呢？';

async function drawPanel(panel: ComicPanel, width: number, height: number, seed: number): Promise<Buffer> {
  const prompt = panelPrompt(panel, { agentName: '米拉', agentWords: '粉紅色頭髮的少女', scene: 'seaside' });
  return (await offlineImageModel().generate({ prompt, style: 'anime', width, height, seed })).image;
}

async function rgb(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const inside = (x: number, y: number, b: Box) => x >= b.x && y >= b.y && x < b.x + b.width && y < b.y + b.height;

describe('letterPanel', () => {
  it('letters a long Chinese line and a caption inside the panel, off the face, with every changed pixel inside a balloon', async () => {
    const panel: ComicPanel = {
      scene: '米拉 bakes a cake at the seaside',
      lines: [
        { speaker: '米拉', text: LONG_ZH },
        { speaker: '你', text: '真的嗎？' },
      ],
      narration: '那天，米拉第一次走進了海邊的廚房。',
    };
    const before = await drawPanel(panel, 800, 600, 3);
    const started = performance.now();
    const out = await letterPanel(before, panel, { lang: 'zh_TW', agentName: '米拉' });
    const took = performance.now() - started;

    expect(out.faces.length).toBeGreaterThanOrEqual(1);
    expect(out.balloons).toHaveLength(3);
    expect(out.parts.map((p) => p.kind)).toEqual(['balloon', 'balloon', 'caption']);
    const frame = { x: 0, y: 0, width: 800, height: 600 };
    for (const [i, part] of out.parts.entries()) {
      expect(out.balloons[i]).toEqual(part.box);
      expect(contains(frame, part.box)).toBe(true);
      expect(contains(part.box, part.body)).toBe(true);
      expect(contains(part.body, part.text)).toBe(true);
      for (const face of out.faces) expect(overlapArea(part.box, face)).toBe(0);
      for (const other of out.parts) if (other !== part) expect(overlapArea(part.body, other.body)).toBe(0);
    }
    // the long line was shrunk below the short line's size to fit
    expect(out.parts[0]!.fontSize).toBeLessThanOrEqual(out.parts[1]!.fontSize);

    const a = await rgb(before);
    const b = await rgb(out.image);
    expect([b.width, b.height]).toEqual([800, 600]);
    let changedOutside = 0;
    const darkInText = out.parts.map(() => 0);
    for (let y = 0; y < 600; y++) {
      for (let x = 0; x < 800; x++) {
        const i = (y * 800 + x) * 3;
        const changed = Math.abs(a.data[i]! - b.data[i]!) + Math.abs(a.data[i + 1]! - b.data[i + 1]!) + Math.abs(a.data[i + 2]! - b.data[i + 2]!) > 6;
        if (changed && !out.balloons.some((box) => inside(x, y, box))) changedOutside++;
        const dark = b.data[i]! + b.data[i + 1]! + b.data[i + 2]! < 200;
        out.parts.forEach((part, k) => {
          if (dark && inside(x, y, part.text)) darkInText[k]!++;
        });
      }
    }
    expect(changedOutside).toBe(0);
    // the text itself was drawn, in proportion to its length
    for (const [k, count] of darkInText.entries()) expect(count).toBeGreaterThan(out.parts[k]!.text.width * out.parts[k]!.text.height * 0.08);
    expect(took).toBeLessThan(5000);
  });

  it('shrinks an English line to fit a small panel, and keeps off the boxes it is told to avoid', async () => {
    const panel: ComicPanel = {
      scene: 'Mira at the seaside',
      lines: [{ speaker: 'Mira', text: 'I have been waiting for this day for such a long time, and the sea is finally calm!' }],
      narration: 'The sea was calm that morning, and Mira had a plan.',
    };
    const image = await drawPanel(panel, 400, 300, 8);
    const avoid: Box = { x: 0, y: 0, width: 200, height: 120 };
    const out = await letterPanel(image, panel, { lang: 'en_US', avoid: [avoid] });
    const frame = { x: 0, y: 0, width: 400, height: 300 };
    for (const part of out.parts) {
      expect(contains(frame, part.box)).toBe(true);
      expect(contains(part.body, part.text)).toBe(true);
      expect(overlapArea(part.box, avoid)).toBe(0);
      for (const face of out.faces) expect(overlapArea(part.box, face)).toBe(0);
    }
    // at 400 × 300 the line starts at 15 px and has to shrink
    expect(out.parts[0]!.fontSize).toBeLessThan(15);
    expect(out.parts[0]!.fontSize).toBeGreaterThanOrEqual(300 * 0.022);
  });
});
