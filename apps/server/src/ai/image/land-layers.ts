import { linear, mix, n, polygon, radial, smoothPath, type Canvas } from './canvas.ts';
import type { Palette } from './palettes.ts';

/** A ridge line by midpoint displacement: rough like real mountains, deterministic per seed. */
function ridge(c: Canvas, base: number, roughness: number, levels = 7): Array<[number, number]> {
  let heights = [base + c.random.range(-1, 1) * roughness, base + c.random.range(-1, 1) * roughness];
  let spread = roughness;
  for (let level = 0; level < levels; level++) {
    const next: number[] = [];
    for (let i = 0; i < heights.length - 1; i++) {
      next.push(heights[i], (heights[i] + heights[i + 1]) / 2 + c.random.range(-1, 1) * spread);
    }
    next.push(heights[heights.length - 1]);
    heights = next;
    spread *= 0.55;
  }
  return heights.map((h, i) => [(i / (heights.length - 1)) * c.width, h]);
}

/** Layers of mountains from hazy far ranges to a dark near one, between `top` and the bottom. */
export function mountains(c: Canvas, p: Palette, layers = 3, top = 0.55) {
  for (let i = 0; i < layers; i++) {
    const depth = layers === 1 ? 1 : i / (layers - 1);
    const base = c.height * (top + depth * (1 - top) * 0.45);
    const line = ridge(c, base, c.height * (0.12 - depth * 0.05));
    const colour = mix(mix(p.land[0], p.sky[2], 0.45), p.land[1], depth);
    const fill = linear(c, [
      [0, mix(colour, p.glow, 0.08)],
      [1, mix(colour, '#000000', 0.35)],
    ]);
    c.body.push(`<path d="${polygon([[0, c.height], ...line, [c.width, c.height]])}" fill="${fill}"/>`);
  }
}

/** Smooth desert dunes lit from one side. */
export function dunes(c: Canvas, p: Palette, layers = 4) {
  const r = c.random;
  for (let i = 0; i < layers; i++) {
    const depth = i / (layers - 1);
    const base = c.height * (0.62 + depth * 0.28);
    const points: Array<[number, number]> = [];
    for (let k = 0; k <= 6; k++) points.push([(k / 6) * c.width * 1.2 - c.width * 0.1, base + r.range(-1, 1) * c.height * 0.05]);
    const colour = mix(mix(p.land[0], p.accents[0], 0.25), p.land[1], depth);
    const fill = linear(
      c,
      [
        [0, mix(colour, p.glow, 0.22)],
        [0.4, colour],
        [1, mix(colour, '#000000', 0.4)],
      ],
      0,
      0,
      1,
      1,
    );
    c.body.push(`<path d="${smoothPath(points)}L${c.width * 1.1},${c.height}L${-c.width * 0.1},${c.height}Z" fill="${fill}"/>`);
  }
}

/** A calm sea from `horizon` down, with the shimmering path of a light at `lightX`. */
export function sea(c: Canvas, p: Palette, horizon: number, lightX: number) {
  const r = c.random;
  const y0 = c.height * horizon;
  const water = linear(c, [
    [0, mix(p.sky[2], p.land[1], 0.35)],
    [1, p.land[1]],
  ]);
  c.body.push(`<rect x="0" y="${n(y0)}" width="${c.width}" height="${n(c.height - y0)}" fill="${water}"/>`);
  const glints: string[] = [];
  for (let i = 0; i < 260; i++) {
    const t = r.next();
    const y = y0 + t ** 1.6 * (c.height - y0);
    const spread = 20 + t * c.width * 0.35;
    const x = lightX + r.range(-1, 1) * r.range(0, 1) * spread;
    const w = r.range(6, 30) * (0.4 + t);
    glints.push(`<rect x="${n(x - w / 2)}" y="${n(y)}" width="${n(w)}" height="${n(1 + t * 2.5)}" rx="1" fill-opacity="${n(r.range(0.2, 0.8) * (1 - t * 0.5))}"/>`);
  }
  c.body.push(`<g fill="${mix(p.glow, '#ffffff', 0.3)}">${glints.join('')}</g>`);
  const mist = linear(c, [
    [0, p.sky[2], 0.55],
    [1, p.sky[2], 0],
  ]);
  c.body.push(`<rect x="0" y="${n(y0 - 12)}" width="${c.width}" height="40" fill="${mist}"/>`);
}

function pine(x: number, baseY: number, height: number): string {
  const w = height * 0.36;
  const tiers = 4;
  let d = '';
  for (let i = 0; i < tiers; i++) {
    const top = baseY - height + (i * height) / (tiers + 0.6);
    const bottom = top + height * 0.42;
    const half = w * (0.45 + (i / tiers) * 0.55);
    d += `M${n(x)},${n(top)}L${n(x + half)},${n(bottom)}L${n(x - half)},${n(bottom)}Z`;
  }
  return `${d}M${n(x - 2)},${n(baseY - height * 0.12)}h4v${n(height * 0.14)}h-4Z`;
}

/** Two ranks of pine silhouettes, with fireflies drifting in front. */
export function forest(c: Canvas, p: Palette) {
  const r = c.random;
  for (const [rank, colour] of [
    [0, mix(p.land[0], p.sky[2], 0.3)],
    [1, p.land[1]],
  ] as const) {
    const baseY = c.height * (0.82 + rank * 0.12);
    const trees: string[] = [];
    for (let x = -20; x < c.width + 20; x += r.range(18, 42) * (1 + rank * 0.6)) {
      trees.push(pine(x, baseY + r.range(-10, 10), c.height * r.range(0.14, 0.26) * (1 + rank * 0.5)));
    }
    c.body.push(`<path d="${trees.join('')}" fill="${colour}"/><rect x="0" y="${n(baseY)}" width="${c.width}" height="${n(c.height - baseY)}" fill="${colour}"/>`);
  }
  const glow = radial(c, [
    [0, '#fffbd0'],
    [0.15, '#fff6a0', 0.9],
    [0.4, p.accents[2], 0.35],
    [1, p.accents[2], 0],
  ]);
  for (let i = 0; i < 40; i++) {
    c.body.push(`<circle cx="${n(r.range(0, c.width))}" cy="${n(c.height * r.range(0.6, 0.97))}" r="${n(r.range(6, 14))}" fill="${glow}"/>`);
  }
}

/** A neon perspective grid running from the horizon to the viewer. */
export function grid(c: Canvas, p: Palette, horizon: number) {
  const y0 = c.height * horizon;
  const floor = linear(c, [
    [0, p.sky[2]],
    [1, p.land[1]],
  ]);
  const lines: string[] = [];
  const cx = c.width / 2;
  for (let i = -14; i <= 14; i++) lines.push(`M${n(cx + i * 6)},${n(y0)}L${n(cx + i * c.width * 0.16)},${c.height}`);
  for (let i = 1; i <= 14; i++) {
    const y = y0 + (i / 14) ** 2.2 * (c.height - y0);
    lines.push(`M0,${n(y)}H${c.width}`);
  }
  const fade = linear(c, [
    [0, p.accents[1], 0.2],
    [1, p.accents[1], 0.9],
  ]);
  c.body.push(`<rect x="0" y="${n(y0)}" width="${c.width}" height="${n(c.height - y0)}" fill="${floor}"/><path d="${lines.join('')}" stroke="${fade}" stroke-width="1.6" fill="none"/>`);
}
