import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.ts';
import { avatarSvg } from './avatar.ts';
import { itemSvg } from './items.ts';
import { renderScene, SCENE_KINDS, sceneSvg } from './procedural.ts';

describe('seededRandom', () => {
  it('repeats its sequence for a seed and stays in range', () => {
    const a = seededRandom('stars');
    const b = seededRandom('stars');
    const first = Array.from({ length: 100 }, () => a.next());
    expect(Array.from({ length: 100 }, () => b.next())).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(seededRandom('starz').next()).not.toBe(first[0]);
    const r = seededRandom(1);
    for (let i = 0; i < 200; i++) expect([1, 2, 3]).toContain(r.int(1, 3));
  });
});

describe('procedural images', () => {
  it('draws the same picture for the same seed and another for another seed', () => {
    for (const scene of SCENE_KINDS) {
      const options = { scene, palette: 'starlit', seed: 'a', width: 320, height: 240 } as const;
      expect(sceneSvg(options)).toBe(sceneSvg(options));
      expect(sceneSvg({ ...options, seed: 'b' })).not.toBe(sceneSvg(options));
    }
    const avatar = { seed: 'x', palette: 'rose', hair: 'bun', hairColour: '#ff9ec4', ears: 'cat' } as const;
    expect(avatarSvg(avatar)).toBe(avatarSvg(avatar));
    expect(itemSvg({ kind: 'gown', palette: 'rose', seed: 'x' })).toBe(itemSvg({ kind: 'gown', palette: 'rose', seed: 'x' }));
  });

  it('rasterizes to identical pixels at the asked size', async () => {
    const options = { scene: 'aurora', palette: 'aurora', seed: 'lake', width: 192, height: 256 } as const;
    const [a, b] = await Promise.all([renderScene(options, 'png'), renderScene(options, 'png')]);
    expect(a.equals(b)).toBe(true);
    expect(await sharp(a).metadata()).toMatchObject({ format: 'png', width: 192, height: 256 });
    expect(await sharp(await renderScene(options, 'webp')).metadata()).toMatchObject({ format: 'webp', width: 192, height: 256 });
  });

  it('makes avatars square at the asked size', async () => {
    const svg = avatarSvg({ seed: 'y', palette: 'ocean', hair: 'spiky', hairColour: '#7fdcff', size: 128 });
    expect(await sharp(Buffer.from(svg)).metadata()).toMatchObject({ width: 128, height: 128 });
  });
});
