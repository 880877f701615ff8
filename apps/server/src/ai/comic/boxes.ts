import type { Box } from './faces.ts';

export interface Point {
  x: number;
  y: number;
}

/** The area two boxes share, 0 when apart. */
export function overlapArea(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** The box grown by `d` on every side (shrunk when negative). */
export function grow(box: Box, d: number): Box {
  return { x: box.x - d, y: box.y - d, width: box.width + 2 * d, height: box.height + 2 * d };
}

/** The smallest box holding all of them. */
export function union(...boxes: Box[]): Box {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  return { x, y, width: Math.max(...boxes.map((b) => b.x + b.width)) - x, height: Math.max(...boxes.map((b) => b.y + b.height)) - y };
}

/** The smallest box holding the points. */
export function boundsOf(points: Point[]): Box {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
}

/** Whether `inner` lies wholly within `outer`. */
export function contains(outer: Box, inner: Box): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
}

export const centre = (b: Box): Point => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/** Whole pixels covering the box. */
export function rounded(b: Box): Box {
  const x = Math.floor(b.x);
  const y = Math.floor(b.y);
  return { x, y, width: Math.ceil(b.x + b.width) - x, height: Math.ceil(b.y + b.height) - y };
}

/**
 * How far along the ray from `from` in unit direction `dir` it enters the box (slab method);
 * Infinity when it misses the box, 0 when it starts inside.
 */
export function rayEntry(from: Point, dir: Point, box: Box): number {
  let near = 0;
  let far = Infinity;
  for (const [o, d, lo, hi] of [
    [from.x, dir.x, box.x, box.x + box.width],
    [from.y, dir.y, box.y, box.y + box.height],
  ] as const) {
    if (Math.abs(d) < 1e-9) {
      if (o < lo || o > hi) return Infinity;
      continue;
    }
    const t1 = (lo - o) / d;
    const t2 = (hi - o) / d;
    near = Math.max(near, Math.min(t1, t2));
    far = Math.min(far, Math.max(t1, t2));
  }
  return near <= far ? near : Infinity;
}
