import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { planIllustration, type FigureBox } from './illustration.ts';
import type { ImageRequest } from './image-model.ts';
import { offlineImageModel } from './offline.ts';
import { readParameters } from './png-parameters.ts';
import { PROCEDURAL_IMAGE_ENGINE } from './procedural.ts';
import { IMAGE_RATIOS, ratioSize } from './ratio.ts';
import { readPrompt } from './scene-words.ts';

const model = offlineImageModel();
const request = (prompt: string, more: Partial<ImageRequest> = {}): ImageRequest => ({ prompt, style: 'anime', width: 384, height: 384, seed: 3, ratio: '16:9', ...more });
const draw = async (prompt: string, more: Partial<ImageRequest> = {}) => (await model.generate(request(prompt, more))).image;

/** Mean of each channel (R, G, B) inside a region. */
async function meanColour(image: Buffer, region: { left: number; top: number; width: number; height: number }): Promise<number[]> {
  return (await sharp(image).extract(region).stats()).channels.slice(0, 3).map((c) => c.mean);
}

/** Mean absolute difference per channel between two same-sized pictures, inside or outside a box grown by `grow` pixels. */
async function differenceAround(a: Buffer, b: Buffer, box: FigureBox, grow: number): Promise<{ inside: number; outside: number }> {
  const [x, y] = await Promise.all([a, b].map((i) => sharp(i).removeAlpha().raw().toBuffer({ resolveWithObject: true })));
  const { width, height } = x!.info;
  const sums = { inside: [0, 0], outside: [0, 0] };
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      const near = px >= box.left - grow && px < box.left + box.size + grow && py >= box.top - grow && py < box.top + box.size + grow;
      const within = px >= box.left && px < box.left + box.size && py >= box.top && py < box.top + box.size;
      const sum = within ? sums.inside : near ? null : sums.outside;
      if (!sum) continue;
      for (let c = 0; c < 3; c++) sum[0] += Math.abs(x!.data[(py * width + px) * 3 + c]! - y!.data[(py * width + px) * 3 + c]!);
      sum[1] += 3;
    }
  }
  return { inside: sums.inside[0]! / sums.inside[1]!, outside: sums.outside[0]! / sums.outside[1]! };
}

/** Pearson correlation of two grey pictures of one size. */
async function correlation(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((i) => sharp(i).greyscale().raw().toBuffer()));
  const mean = (v: Buffer) => v.reduce((s, q) => s + q, 0) / v.length;
  const [mx, my] = [mean(x!), mean(y!)];
  let [sxy, sxx, syy] = [0, 0, 0];
  for (let i = 0; i < x!.length; i++) {
    const [dx, dy] = [x![i]! - mx, y![i]! - my];
    [sxy, sxx, syy] = [sxy + dx * dy, sxx + dx * dx, syy + dy * dy];
  }
  return sxy / Math.sqrt(sxx * syy);
}

describe('reading a prompt into a scene', () => {
  it('finds places, skies, times of day and who is there, in English and Chinese', () => {
    const cases: Array<[string, Partial<ReturnType<typeof readPrompt>>, Partial<ReturnType<typeof readPrompt>['figure']>]> = [
      ['a lighthouse under the northern lights', { elements: ['sea', 'lighthouse', 'aurora'], time: 'night' }, { person: false, animal: null }],
      ['a cat in a cyberpunk city at night', { elements: ['city', 'neon'], time: 'night' }, { person: false, animal: 'cat' }],
      ['雪山上的月亮', { elements: ['mountains', 'snow', 'moon'], time: 'night' }, { person: false }],
      ['a girl by the sea at sunset', { elements: ['sea'], time: 'dusk' }, { person: true, feminine: true, animal: null, ears: 'none' }],
      ['黃昏時的沙漠與狐狸', { elements: ['desert'], time: 'dusk' }, { person: false, animal: 'fox' }],
      ['無人的海灘，晴天', { elements: ['sea', 'beach'], time: 'day' }, { person: false }],
      ['星雲', { elements: ['nebula'] }, {}],
      ['sand by the ocean', { elements: ['sea', 'beach'] }, {}],
      ['a cat girl in the snow', { elements: ['snow'] }, { person: true, ears: 'cat', animal: null }],
      ['a girl and her cat under the stars', { elements: ['stars'] }, { person: true, ears: 'none', animal: 'cat' }],
      ['a boy with silver hair, synthwave', { elements: ['grid'] }, { person: true, feminine: false, hairColour: '#e8e8f0' }],
      ['walking on a beach under the milky way\nCharacter: Kai, a quiet fox archer in the forest', { elements: ['sea', 'beach', 'milkyWay'] }, { person: true, ears: 'fox', animal: null }],
      ['hello there', { elements: [], time: 'night' }, { person: false, animal: null }],
    ];
    for (const [prompt, scene, figure] of cases) {
      const reading = readPrompt(prompt);
      expect(reading, prompt).toMatchObject(scene);
      expect(reading.figure, prompt).toMatchObject(figure);
    }
  });
});

describe('offline text to image: what the words say', () => {
  it('paints a sea and a desert differently: the sand is warmer', async () => {
    const lowerThird = { left: 0, top: 144, width: 384, height: 72 };
    const warmth = async (prompt: string) => {
      const [r, , b] = await meanColour(await draw(prompt), lowerThird);
      return r! - b!;
    };
    expect(await warmth('a desert at night')).toBeGreaterThan((await warmth('a calm sea at night')) + 8);
  });

  it('caps mountains with snow when the words say so', async () => {
    const middle = { left: 0, top: 60, width: 384, height: 80 };
    const brightness = async (prompt: string) => (await meanColour(await draw(prompt), middle)).reduce((s, v) => s + v, 0) / 3;
    expect(await brightness('雪山上的月亮')).toBeGreaterThan((await brightness('山上的月亮')) + 12);
  });

  it('sets a character in front only when the words name one, leaving the scene as it was', async () => {
    const plan = planIllustration({ ...ratioSize('16:9', 384), prompt: 'a girl by the sea at sunset', style: 'anime', seed: 3 });
    expect(plan.figure).toMatchObject({ kind: 'portrait' });
    expect(planIllustration({ ...ratioSize('16:9', 384), prompt: 'the sea at sunset', style: 'anime', seed: 3 }).figure).toBeNull();
    const { inside, outside } = await differenceAround(await draw('a girl by the sea at sunset'), await draw('the sea at sunset'), plan.figure!, 24);
    expect(inside).toBeGreaterThan(20);
    expect(outside).toBeLessThan(1);
  });

  it('cuts out the reference picture as the character', async () => {
    const picture = (colours: [string, string]) =>
      sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="${colours[0]}"/><circle cx="80" cy="90" r="45" fill="${colours[1]}"/><rect x="120" y="20" width="40" height="160" fill="#ffffff"/></svg>`,
        ),
      )
        .png()
        .toBuffer();
    const [reference, other] = await Promise.all([picture(['#203060', '#f0c040']), picture(['#f0f0f0', '#101010'])]);
    const prompt = 'the sea under the moon\nCharacter: Luna';
    const plan = planIllustration({ ...ratioSize('16:9', 384), prompt, style: 'anime', seed: 3, referenceImage: reference });
    expect(plan.figure).toMatchObject({ kind: 'picture' });
    const { left, top, size } = plan.figure!;
    // the middle of the disc, clear of its faded edge
    const inset = Math.round(size * 0.2);
    const middle = { left: left + inset, top: top + inset, width: size - 2 * inset, height: size - 2 * inset };
    const crop = async (image: Buffer) => sharp(image).extract(middle).png().toBuffer();
    const expected = await sharp(reference)
      .resize(size, size)
      .extract({ left: inset, top: inset, width: size - 2 * inset, height: size - 2 * inset })
      .png()
      .toBuffer();
    const drawn = await crop(await draw(prompt, { referenceImage: reference }));
    expect(await correlation(drawn, expected)).toBeGreaterThan(0.9);
    expect(await correlation(await crop(await draw(prompt, { referenceImage: other })), expected)).toBeLessThan(0);
    // without a picture, the Character line still brings a drawn portrait
    expect(planIllustration({ ...ratioSize('16:9', 384), prompt, style: 'anime', seed: 3 }).figure).toMatchObject({ kind: 'portrait' });
  });

  it('draws the same bytes for the same request, and lets the seed choose the layout', async () => {
    const prompt = 'a lighthouse under the northern lights';
    const first = await draw(prompt);
    expect((await draw(prompt)).equals(first)).toBe(true);
    expect((await draw(prompt, { seed: 4 })).equals(first)).toBe(false);
    expect((await draw(prompt, { style: 'watercolor' })).equals(first)).toBe(false);
  });

  it('draws every ratio at its exact size with its parameters, Seed included', async () => {
    for (const ratio of IMAGE_RATIOS) {
      const image = await draw('a cat in a cyberpunk city at night', { ratio, width: 320, height: 320, seed: 11 });
      const want = ratioSize(ratio, 320);
      expect(await sharp(image).metadata()).toMatchObject({ format: 'png', width: want.width, height: want.height });
      expect(readParameters(image)).toMatchObject({
        prompt: 'a cat in a cyberpunk city at night',
        settings: { Seed: '11', Size: `${want.width}x${want.height}`, Model: PROCEDURAL_IMAGE_ENGINE, Style: 'anime' },
      });
    }
  });

  it('keeps avatars a portrait chosen by the words and style, whatever the seed', async () => {
    const avatar = (seed: number) => model.generate({ prompt: 'Luna: a cheerful cat girl by the sea', style: 'anime', width: 256, height: 256, seed, portrait: true });
    const [a, b] = await Promise.all([avatar(1), avatar(2)]);
    expect(a.image.equals(b.image)).toBe(true);
    expect(readParameters(a.image)?.settings).not.toHaveProperty('Seed');
    expect(await sharp(a.image).metadata()).toMatchObject({ width: 256, height: 256 });
    const scene = await draw('Luna: a cheerful cat girl by the sea', { width: 256, height: 256, ratio: '1:1', seed: 1 });
    expect(scene.equals(a.image)).toBe(false);
  });
});
