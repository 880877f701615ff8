import sharp, { type Sharp } from 'sharp';
import { seededRandom } from '../random.ts';
import { PALETTES, type PaletteName } from './palettes.ts';

/** The filter each style is drawn with offline; free-text styles fall back to painterly. */
export type Filter = 'anime' | 'cartoon' | 'watercolor' | 'painterly' | 'neon' | 'pixel' | 'sketch';

export const STYLE_FILTERS: Record<string, Filter> = {
  anime: 'anime',
  cartoon: 'cartoon',
  realistic: 'painterly',
  fantasy: 'painterly',
  oil: 'painterly',
  cyberpunk: 'neon',
  watercolor: 'watercolor',
  'pixel art': 'pixel',
  pixel: 'pixel',
  sketch: 'sketch',
};

/** Each style's colours, shared with the offline text-to-image portraits. */
export const STYLE_PALETTES: Record<string, PaletteName> = {
  anime: 'starlit',
  cartoon: 'mint',
  realistic: 'ocean',
  fantasy: 'violet',
  cyberpunk: 'ember',
  watercolor: 'rose',
  'pixel art': 'aurora',
  pixel: 'aurora',
  oil: 'dusk',
};

/** How much of the palette pull a pixel gets: enough to shift the mood, not to flatten the picture. */
const PALETTE_PULL = 0.35;
/** Even at strength 0 the style shows a little: img2img never hands back the reference itself. */
const MIN_EFFECT = 0.15;

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

const raw = (image: Sharp) => image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
const fromRaw = (r: Raw) => sharp(r.data, { raw: { width: r.width, height: r.height, channels: 3 } });

async function apply(r: Raw, build: (s: Sharp) => Sharp): Promise<Raw> {
  const { data } = await raw(build(fromRaw(r)));
  return { ...r, data };
}

function posterizeTo(r: Raw, levels: number): Raw {
  const step = 255 / (levels - 1);
  return { ...r, data: Buffer.from(r.data.map((v) => Math.round(Math.round(v / step) * step))) };
}

/** Sobel gradient magnitude of the luminance, 0–1 per pixel. */
function edges(r: Raw): Float32Array {
  const { width: w, height: h, data } = r;
  const lum = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) lum[i] = (0.299 * data[i * 3]! + 0.587 * data[i * 3 + 1]! + 0.114 * data[i * 3 + 2]!) / 255;
  const out = new Float32Array(w * h);
  const at = (x: number, y: number) => lum[Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))]!;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const gx = at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x - 1, y) - at(x - 1, y + 1);
      const gy = at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x, y - 1) - at(x + 1, y - 1);
      out[y * w + x] = Math.min(1, Math.hypot(gx, gy) / 4);
    }
  }
  return out;
}

/** Dark ink where the edges are strong, as line art over flat colour. */
function ink(r: Raw, threshold: number): Raw {
  const e = edges(r);
  const data = Buffer.from(r.data);
  for (let i = 0; i < e.length; i++) {
    if (e[i]! < threshold) continue;
    for (let c = 0; c < 3; c++) data[i * 3 + c] = Math.round(data[i * 3 + c]! * 0.15 + 20 * 0.85);
  }
  return { ...r, data };
}

/** A seeded paper grain, multiplied in: brighter fibres and darker pits, slightly blurred. */
async function paper(r: Raw, seed: string): Promise<Raw> {
  const random = seededRandom(`paper:${seed}`);
  const grain = Buffer.alloc(r.width * r.height * 3);
  for (let i = 0; i < r.width * r.height; i++) grain.fill(Math.round(215 + random.next() * 40), i * 3, i * 3 + 3);
  const soft = await apply({ ...r, data: grain }, (s) => s.blur(0.8));
  return { ...r, data: Buffer.from(r.data.map((v, i) => Math.round((v * soft.data[i]!) / 255))) };
}

/** Pulls every pixel toward its nearest colour of the palette. */
function paletteTransfer(r: Raw, name: PaletteName): Raw {
  const p = PALETTES[name];
  const colours = [...p.sky, ...p.accents, p.glow, ...p.land].map((hex) => [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16)) as [number, number, number]);
  const data = Buffer.from(r.data);
  for (let i = 0; i < data.length; i += 3) {
    let best = colours[0]!;
    let bestDistance = Infinity;
    for (const c of colours) {
      const d = (c[0] - data[i]!) ** 2 + (c[1] - data[i + 1]!) ** 2 + (c[2] - data[i + 2]!) ** 2;
      if (d < bestDistance) [best, bestDistance] = [c, d];
    }
    for (let c = 0; c < 3; c++) data[i + c] = Math.round(data[i + c]! * (1 - PALETTE_PULL) + best[c]! * PALETTE_PULL);
  }
  return { ...r, data };
}

/** `smooth` keeps gradients whole (no posterizing): a drawn picture's skies would band. */
async function stylize(r: Raw, filter: Filter, seed: string, smooth = false): Promise<Raw> {
  const posterize: (x: Raw, levels: number) => Raw = smooth ? (x) => x : posterizeTo;
  const small = Math.max(1, Math.round(Math.min(r.width, r.height) / 64));
  switch (filter) {
    case 'anime':
      return ink(posterize(await apply(r, (s) => s.median(3)), 5), 0.25);
    case 'cartoon':
      return ink(posterize(await apply(r, (s) => s.median(5).modulate({ saturation: 1.3 })), 4), 0.18);
    case 'watercolor':
      return paper(await apply(r, (s) => s.blur(3).modulate({ brightness: 1.08, saturation: 0.85 })), seed);
    case 'painterly':
      return apply(r, (s) => s.median(7).modulate({ saturation: 1.25 }).sharpen({ sigma: 1.5 }));
    case 'neon':
      return ink(posterize(await apply(r, (s) => s.modulate({ saturation: 1.8 })), 6), 0.3);
    case 'pixel': {
      const block = Math.max(2, small * 2);
      const cells = { width: Math.max(1, Math.round(r.width / block)), height: Math.max(1, Math.round(r.height / block)) };
      return posterize(await apply(r, (s) => s.resize({ ...cells, kernel: 'nearest' }).resize({ width: r.width, height: r.height, kernel: 'nearest' })), 6);
    }
    case 'sketch': {
      const e = edges(r);
      const data = Buffer.alloc(r.data.length);
      for (let i = 0; i < e.length; i++) data.fill(Math.round(255 * (1 - Math.min(1, e[i]! * 2.5))), i * 3, i * 3 + 3);
      return paper({ ...r, data }, seed);
    }
  }
}

/**
 * A style's filter laid over a drawn picture by `amount` (0–1), without posterizing or the
 * palette pull (a drawn picture already has its style's colours). Answers PNG.
 */
export async function touchUp(image: Buffer, style: string, amount: number, seed: string): Promise<Buffer> {
  const base = await raw(sharp(image));
  const r: Raw = { data: base.data, width: base.info.width, height: base.info.height };
  const styled = await stylize(r, STYLE_FILTERS[style] ?? 'painterly', seed, true);
  const data = Buffer.from(r.data.map((v, i) => Math.round(v * (1 - amount) + styled.data[i]! * amount)));
  return fromRaw({ ...r, data })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/**
 * Offline image to image: the reference cut to width×height, redrawn through its style's
 * filter, pulled toward the style's palette, and blended with the reference by strength
 * (0.15 of the style at strength 0, all of it at 1). Deterministic for the same inputs.
 */
export async function restyle(reference: Buffer, style: string, strength: number, width: number, height: number, seed: string): Promise<Buffer> {
  const base = await raw(sharp(reference).rotate().resize(width, height, { fit: 'cover', position: 'centre' }));
  const r: Raw = { data: base.data, width, height };
  const filter = STYLE_FILTERS[style] ?? 'painterly';
  let styled = await stylize(r, filter, seed);
  if (filter !== 'sketch') styled = paletteTransfer(styled, STYLE_PALETTES[style] ?? 'starlit');
  const effect = MIN_EFFECT + (1 - MIN_EFFECT) * strength;
  const data = Buffer.from(r.data.map((v, i) => Math.round(v * (1 - effect) + styled.data[i]! * effect)));
  return fromRaw({ ...r, data })
    .png({ compressionLevel: 6 })
    .toBuffer();
}
