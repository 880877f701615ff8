import sharp from 'sharp';
import { seededRandom } from '../random.ts';
import { createCanvas, mix, toSvg, type Canvas } from './canvas.ts';
import { dunes, forest, grid, mountains, sea } from './land-layers.ts';
import { PALETTES, type Palette, type PaletteName } from './palettes.ts';
import { aurora, constellations, galaxy, moon, nebula, planet, sky, stars, stripedSun } from './sky-layers.ts';

/** Name of the offline engine, shown on every work it makes (ARCHITECTURE §5). */
export const PROCEDURAL_IMAGE_ENGINE = 'Starlit procedural image engine (offline)';

type Compose = (c: Canvas, p: Palette) => void;

/** Each scene is a fixed order of layers; the seed decides every shape and position in them. */
const SCENES = {
  aurora(c, p) {
    sky(c, p);
    stars(c, p, 1, 0.7);
    aurora(c, p, 3);
    mountains(c, p, 2, 0.62);
    sea(c, p, 0.84, c.width * c.random.range(0.3, 0.7));
  },
  moonrise(c, p) {
    sky(c, p);
    stars(c, p, 1.1, 0.75);
    moon(c, p, c.width * c.random.range(0.25, 0.75), c.height * c.random.range(0.2, 0.35), c.width * c.random.range(0.08, 0.13));
    mountains(c, p, 4, 0.5);
  },
  nebula(c, p) {
    sky(c, { ...p, sky: [p.sky[0], p.sky[0], p.sky[1]] });
    nebula(c, p, 10);
    stars(c, p, 1.8);
  },
  synthwave(c, p) {
    sky(c, p);
    stars(c, p, 0.7, 0.55);
    stripedSun(c, p, c.width / 2, c.height * 0.45, c.width * 0.3);
    mountains(c, { ...p, land: [mix(p.accents[0], p.sky[1], 0.55), p.land[1]] }, 2, 0.6);
    grid(c, p, 0.66);
  },
  dunes(c, p) {
    sky(c, p);
    stars(c, p, 1.2, 0.7);
    moon(c, p, c.width * c.random.range(0.6, 0.8), c.height * 0.2, c.width * 0.07, c.random.range(0.3, 0.6));
    dunes(c, p, 4);
  },
  ringed(c, p) {
    sky(c, { ...p, sky: [p.sky[0], p.sky[0], p.sky[1]] });
    nebula(c, p, 4);
    stars(c, p, 1.4);
    planet(c, p, c.width * c.random.range(0.4, 0.6), c.height * c.random.range(0.4, 0.55), c.width * c.random.range(0.2, 0.26));
    moon(c, p, c.width * c.random.range(0.1, 0.3), c.height * c.random.range(0.12, 0.25), c.width * 0.035);
  },
  seaside(c, p) {
    sky(c, p);
    stars(c, p, 1, 0.55);
    const x = c.width * c.random.range(0.35, 0.65);
    moon(c, p, x, c.height * c.random.range(0.3, 0.42), c.width * 0.09);
    sea(c, p, 0.6, x);
  },
  galaxy(c, p) {
    sky(c, { ...p, sky: [p.sky[0], p.sky[0], p.sky[1]] });
    stars(c, p, 1.3);
    galaxy(c, p, c.width / 2, c.height * 0.45, Math.min(c.width, c.height) * 0.42);
  },
  constellations(c, p) {
    sky(c, p);
    stars(c, p, 1.2);
    constellations(c, p, 3);
    mountains(c, p, 1, 0.86);
  },
  forest(c, p) {
    sky(c, p);
    stars(c, p, 1.2, 0.75);
    moon(c, p, c.width * c.random.range(0.2, 0.8), c.height * c.random.range(0.15, 0.3), c.width * 0.06);
    forest(c, p);
  },
} satisfies Record<string, Compose>;

export type SceneKind = keyof typeof SCENES;

/** Every scene kind, for callers that pick one. */
export const SCENE_KINDS = Object.keys(SCENES) as SceneKind[];

export interface SceneOptions {
  scene: SceneKind;
  palette: PaletteName;
  /** Any text; the same seed always draws the same picture. */
  seed: string;
  width: number;
  height: number;
}

/** Paints one of the scenes onto a canvas (the offline text-to-image engine falls back to them). */
export function paintScene(scene: SceneKind, canvas: Canvas, palette: Palette) {
  SCENES[scene](canvas, palette);
}

/** The scene as SVG text: deterministic for the same options. */
export function sceneSvg(options: SceneOptions): string {
  const canvas = createCanvas(options.width, options.height, seededRandom(`${options.scene}:${options.palette}:${options.seed}`));
  SCENES[options.scene](canvas, PALETTES[options.palette]);
  return toSvg(canvas);
}

/**
 * Rasterizes SVG text to PNG or WebP. WebP is encoded at low effort: on these smooth
 * pictures it halves the time for a few percent of size, which keeps the demo seed fast.
 */
export async function rasterize(svg: string, format: 'png' | 'webp'): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png({ compressionLevel: 6 }).toBuffer() : image.webp({ quality: 86, effort: 2 }).toBuffer();
}

/** Draws a scene and encodes it. */
export async function renderScene(options: SceneOptions, format: 'png' | 'webp'): Promise<Buffer> {
  return rasterize(sceneSvg(options), format);
}
