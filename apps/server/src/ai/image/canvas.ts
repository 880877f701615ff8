import type { Random } from '../random.ts';

/** An SVG document being drawn: definitions (gradients, masks) and painted elements in order. */
export interface Canvas {
  width: number;
  height: number;
  random: Random;
  defs: string[];
  body: string[];
  /** A document-unique id for a definition. */
  uid(prefix: string): string;
}

export function createCanvas(width: number, height: number, random: Random): Canvas {
  let counter = 0;
  return { width, height, random, defs: [], body: [], uid: (prefix) => `${prefix}${++counter}` };
}

/** The finished SVG text. */
export function toSvg(canvas: Canvas): string {
  const { width, height } = canvas;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` + `<defs>${canvas.defs.join('')}</defs>${canvas.body.join('')}</svg>`;
}

/** Rounds for compact SVG text; a hundredth of a pixel is invisible. */
export function n(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A gradient stop: offset 0..1, colour, opacity. */
export type Stop = [offset: number, colour: string, opacity?: number];

function stops(list: Stop[]): string {
  return list.map(([o, c, a = 1]) => `<stop offset="${n(o)}" stop-color="${c}" stop-opacity="${n(a)}"/>`).join('');
}

/** Defines a linear gradient from (x1,y1) to (x2,y2) in the shape's box; answers `url(#id)`. */
export function linear(canvas: Canvas, list: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  const id = canvas.uid('l');
  canvas.defs.push(`<linearGradient id="${id}" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${stops(list)}</linearGradient>`);
  return `url(#${id})`;
}

/** Defines a radial gradient centred in the shape's box; answers `url(#id)`. */
export function radial(canvas: Canvas, list: Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
  const id = canvas.uid('r');
  canvas.defs.push(`<radialGradient id="${id}" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}">${stops(list)}</radialGradient>`);
  return `url(#${id})`;
}

/** A closed path through points, for silhouettes. */
export function polygon(points: Array<[number, number]>): string {
  return `M${points.map(([x, y]) => `${n(x)},${n(y)}`).join('L')}Z`;
}

/** A smooth open path through points (Catmull-Rom turned into cubic Béziers). */
export function smoothPath(points: Array<[number, number]>): string {
  let d = `M${n(points[0][0])},${n(points[0][1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[Math.min(points.length - 1, i + 2)];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${n(c1[0])},${n(c1[1])} ${n(c2[0])},${n(c2[1])} ${n(p2[0])},${n(p2[1])}`;
  }
  return d;
}

function channels(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Mixes two `#rrggbb` colours; t = 0 gives `a`, 1 gives `b`. */
export function mix(a: string, b: string, t: number): string {
  const ca = channels(a);
  const cb = channels(b);
  const c = ca.map((v, i) => Math.round(v + (cb[i] - v) * t));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}
