import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { planIllustration } from '../image/illustration.ts';
import { offlineImageModel } from '../image/offline.ts';
import { contains, grow } from './boxes.ts';
import { detectFaces } from './faces.ts';

const svg = (body: string, width = 640, height = 480) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`))
    .png()
    .toBuffer();
const sky = `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2f6fd6"/><stop offset="1" stop-color="#bfe0ff"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#s)"/>`;

describe('detectFaces', () => {
  it('finds a skin-coloured ellipse with eyes on a sky, where it is', async () => {
    const face = await svg(`${sky}<ellipse cx="420" cy="260" rx="70" ry="90" fill="#f1c7a5"/><circle cx="395" cy="245" r="8" fill="#222"/><circle cx="445" cy="245" r="8" fill="#222"/>`);
    const faces = await detectFaces(face);
    expect(faces).toHaveLength(1);
    const [box] = faces;
    expect(contains(grow(box!, 6), { x: 350, y: 170, width: 140, height: 180 })).toBe(true);
    expect(contains({ x: 340, y: 160, width: 160, height: 200 }, box!)).toBe(true);
  });

  it('finds none on a blue sky, and none in a skin-toned band of sand', async () => {
    expect(await detectFaces(await svg(sky))).toEqual([]);
    expect(await detectFaces(await svg(`${sky}<rect y="330" width="640" height="150" fill="#e8c39e"/>`))).toEqual([]);
  });

  it('finds the face of the character the offline engine draws, inside the figure it placed', async () => {
    const request = { prompt: 'Mira waves at the seaside\nCharacter: Mira, a girl', style: 'anime', width: 800, height: 600, seed: 5 };
    const { image } = await offlineImageModel().generate(request);
    const { figure } = planIllustration(request);
    const faces = await detectFaces(image);
    expect(faces.length).toBeGreaterThanOrEqual(1);
    expect(figure).not.toBeNull();
    expect(contains(grow({ x: figure!.left, y: figure!.top, width: figure!.size, height: figure!.size }, 4), faces[0]!)).toBe(true);
    // a face, not the whole bust: well under half the figure's area
    expect(faces[0]!.width * faces[0]!.height).toBeLessThan(figure!.size ** 2 / 2);
  });
});
