import { linear, mix, n, radial, smoothPath, type Canvas } from './canvas.ts';
import type { Palette } from './palettes.ts';

/** The sky gradient filling the whole canvas. */
export function sky(c: Canvas, p: Palette) {
  const fill = linear(c, [
    [0, p.sky[0]],
    [0.55, p.sky[1]],
    [1, p.sky[2]],
  ]);
  c.body.push(`<rect width="${c.width}" height="${c.height}" fill="${fill}"/>`);
}

/**
 * A portrait backdrop: a radial glow centred at (`x`, `y`) of radius `r` (fractions of the
 * canvas), the palette's first accent mixed into the sky by `accent`, fading to the sky's
 * edge colour from `edge` outwards; then stars of `density`.
 */
export function glowBackdrop(c: Canvas, p: Palette, look: { accent: number; edge: number; x: number; y: number; r: number; density: number }) {
  const fill = radial(
    c,
    [
      [0, mix(p.accents[0], p.sky[1], look.accent)],
      [look.edge, p.sky[1]],
      [1, p.sky[0]],
    ],
    look.x,
    look.y,
    look.r,
  );
  c.body.push(`<rect width="${c.width}" height="${c.height}" fill="${fill}"/>`);
  stars(c, p, look.density);
}

/** Stars above `horizon` (a fraction of the height), denser and brighter toward the zenith. */
export function stars(c: Canvas, p: Palette, density = 1, horizon = 1) {
  const r = c.random;
  const count = Math.round(((c.width * c.height * horizon) / 2600) * density);
  const dots: string[] = [];
  for (let i = 0; i < count; i++) {
    const y = r.next() ** 1.4 * c.height * horizon;
    const tint = r.chance(0.2) ? mix('#ffffff', r.pick(p.accents), 0.35) : '#ffffff';
    dots.push(`<circle cx="${n(r.range(0, c.width))}" cy="${n(y)}" r="${n(r.range(0.35, 1.5))}" fill="${tint}" fill-opacity="${n(r.range(0.25, 1))}"/>`);
  }
  c.body.push(`<g>${dots.join('')}</g>`);
  const halo = radial(c, [
    [0, '#ffffff', 0.85],
    [0.25, p.accents[2], 0.25],
    [1, p.accents[2], 0],
  ]);
  for (let i = 0; i < Math.round(5 * density); i++) {
    const x = r.range(0.05, 0.95) * c.width;
    const y = r.range(0.03, 0.6) * c.height * horizon;
    const size = r.range(10, 22);
    c.body.push(
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(size)}" fill="${halo}"/>` +
        `<path d="M${n(x - size * 1.6)},${n(y)}H${n(x + size * 1.6)}M${n(x)},${n(y - size * 1.6)}V${n(y + size * 1.6)}" stroke="#ffffff" stroke-width="0.8" stroke-opacity="0.55"/>`,
    );
  }
}

/** Soft coloured clouds of gas. */
export function nebula(c: Canvas, p: Palette, clouds = 9) {
  const r = c.random;
  const cx = r.range(0.3, 0.7) * c.width;
  const cy = r.range(0.3, 0.6) * c.height;
  for (let i = 0; i < clouds; i++) {
    const colour = p.accents[i % 3];
    const fill = radial(c, [
      [0, colour, r.range(0.3, 0.55)],
      [0.5, colour, 0.12],
      [1, colour, 0],
    ]);
    const rx = r.range(0.25, 0.6) * c.width;
    const ry = rx * r.range(0.35, 0.8);
    const x = cx + r.range(-0.3, 0.3) * c.width;
    const y = cy + r.range(-0.25, 0.25) * c.height;
    c.body.push(`<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}" transform="rotate(${n(r.range(-40, 40))} ${n(x)} ${n(y)})"/>`);
  }
}

/** Curtains of aurora light: smooth folds, bright at the lower edge, with fine vertical rays. */
export function aurora(c: Canvas, p: Palette, curtains = 3) {
  const r = c.random;
  for (let k = 0; k < curtains; k++) {
    const colour = p.accents[k % 3];
    const base = c.height * r.range(0.3, 0.48);
    const height = c.height * r.range(0.16, 0.3);
    const [phase, folds, swell] = [r.range(0, Math.PI * 2), r.range(1.2, 2.4), r.range(0, Math.PI * 2)];
    const bottom: Array<[number, number]> = [];
    const top: Array<[number, number]> = [];
    for (let i = 0; i <= 12; i++) {
      const t = i / 12;
      const x = t * c.width * 1.2 - c.width * 0.1;
      const y = base + Math.sin(phase + t * Math.PI * folds) * c.height * 0.06;
      bottom.push([x, y]);
      top.unshift([x, y - height * (0.85 + 0.3 * Math.sin(swell + t * Math.PI * 3))]);
    }
    const fill = linear(c, [
      [0, colour, 0],
      [0.6, colour, 0.3],
      [0.9, colour, 0.7],
      [1, colour, 0],
    ]);
    c.body.push(`<path d="${smoothPath(top)}L${smoothPath(bottom).slice(1)}Z" fill="${fill}"/>`);
    const ray = linear(c, [
      [0, colour, 0],
      [0.85, mix(colour, '#ffffff', 0.4), 0.5],
      [1, colour, 0],
    ]);
    const rays: string[] = [];
    for (let i = 0; i < 40; i++) {
      const [x, y] = bottom[r.int(0, 12)];
      const length = height * r.range(0.4, 1.1);
      rays.push(`<rect x="${n(x + r.range(-30, 30))}" y="${n(y - length)}" width="${n(r.range(1, 4))}" height="${n(length)}"/>`);
    }
    c.body.push(`<g fill="${ray}" fill-opacity="0.6">${rays.join('')}</g>`);
  }
}

/** A moon with a halo and craters; `phase` below 1 cuts it to a crescent. */
export function moon(c: Canvas, p: Palette, x: number, y: number, radius: number, phase = 1) {
  const r = c.random;
  const halo = radial(c, [
    [0, p.glow, 0.45],
    [0.35, p.glow, 0.12],
    [1, p.glow, 0],
  ]);
  c.body.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(radius * 4)}" fill="${halo}"/>`);
  const disc = radial(
    c,
    [
      [0, '#ffffff'],
      [0.7, p.glow],
      [1, mix(p.glow, p.sky[1], 0.35)],
    ],
    0.4,
    0.4,
    0.7,
  );
  const craters: string[] = [];
  for (let i = 0; i < 9; i++) {
    const a = r.range(0, Math.PI * 2);
    const d = Math.sqrt(r.next()) * radius * 0.75;
    craters.push(
      `<circle cx="${n(x + Math.cos(a) * d)}" cy="${n(y + Math.sin(a) * d)}" r="${n(radius * r.range(0.05, 0.18))}" fill="${mix(p.glow, p.sky[1], 0.5)}" fill-opacity="${n(r.range(0.12, 0.28))}"/>`,
    );
  }
  let mask = '';
  if (phase < 1) {
    const id = c.uid('m');
    const shift = radius * 2 * phase;
    c.defs.push(`<mask id="${id}"><rect width="${c.width}" height="${c.height}" fill="#fff"/><circle cx="${n(x + shift)}" cy="${n(y - radius * 0.15)}" r="${n(radius)}" fill="#000"/></mask>`);
    mask = ` mask="url(#${id})"`;
  }
  c.body.push(`<g${mask}><circle cx="${n(x)}" cy="${n(y)}" r="${n(radius)}" fill="${disc}"/>${craters.join('')}</g>`);
}

/** A banded gas giant with a tilted ring passing behind and in front of it. */
export function planet(c: Canvas, p: Palette, x: number, y: number, radius: number) {
  const r = c.random;
  const tilt = r.range(-28, -8);
  const bands: Array<[number, string, number?]> = [];
  for (let i = 0; i <= 8; i++) bands.push([i / 8, mix(p.accents[i % 3], p.sky[1], r.range(0.1, 0.5))]);
  const body = linear(c, bands, 0, 0, 0.25, 1);
  const shade = radial(
    c,
    [
      [0, '#000000', 0],
      [0.6, '#000000', 0.1],
      [1, '#000000', 0.75],
    ],
    0.3,
    0.3,
    0.85,
  );
  const ring = linear(
    c,
    [
      [0, p.accents[1], 0.1],
      [0.5, mix(p.accents[1], '#ffffff', 0.5), 0.8],
      [1, p.accents[1], 0.1],
    ],
    0,
    0,
    1,
    0,
  );
  const ringShape = `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(radius * 1.9)}" ry="${n(radius * 0.42)}" fill="none" stroke="${ring}" stroke-width="${n(radius * 0.16)}"/>`;
  const front = c.uid('c');
  c.defs.push(`<clipPath id="${front}"><rect x="0" y="${n(y)}" width="${c.width}" height="${c.height}"/></clipPath>`);
  const glow = radial(c, [
    [0, p.accents[0], 0.3],
    [1, p.accents[0], 0],
  ]);
  c.body.push(
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(radius * 1.8)}" fill="${glow}"/>` +
      `<g transform="rotate(${n(tilt)} ${n(x)} ${n(y)})">${ringShape}` +
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(radius)}" fill="${body}"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(radius)}" fill="${shade}"/>` +
      `<g clip-path="url(#${front})">${ringShape}</g></g>`,
  );
}

/** A spiral galaxy of a few thousand dust points around a glowing core. */
export function galaxy(c: Canvas, p: Palette, x: number, y: number, radius: number) {
  const r = c.random;
  const arms = r.int(2, 4);
  const twist = r.range(2.5, 4);
  const dots: string[] = [];
  for (let i = 0; i < 1400; i++) {
    const arm = i % arms;
    const t = r.next() ** 0.7;
    const angle = (arm / arms) * Math.PI * 2 + t * twist + r.range(-0.35, 0.35) * (1 - t * 0.5);
    const d = t * radius + r.range(-12, 12);
    const colour = mix(p.glow, p.accents[arm % 3], Math.min(1, t * 1.4));
    dots.push(
      `<circle cx="${n(x + Math.cos(angle) * d)}" cy="${n(y + Math.sin(angle) * d * 0.55)}" r="${n(r.range(0.4, 1.8) * (1.2 - t * 0.6))}" fill="${colour}" fill-opacity="${n(r.range(0.3, 0.95))}"/>`,
    );
  }
  const core = radial(c, [
    [0, '#ffffff', 0.95],
    [0.15, p.glow, 0.6],
    [0.5, p.accents[0], 0.15],
    [1, p.accents[0], 0],
  ]);
  c.body.push(`<g transform="rotate(${n(r.range(-30, 30))} ${n(x)} ${n(y)})"><ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(radius * 1.1)}" ry="${n(radius * 0.6)}" fill="${core}"/>${dots.join('')}</g>`);
}

/** Constellations: a few bright stars joined by faint lines, with rings around one of them. */
export function constellations(c: Canvas, p: Palette, count = 3) {
  const r = c.random;
  for (let k = 0; k < count; k++) {
    const cx = r.range(0.2, 0.8) * c.width;
    const cy = r.range(0.12, 0.55) * c.height;
    const points: Array<[number, number]> = [];
    for (let i = 0; i < r.int(4, 7); i++) points.push([cx + r.range(-0.18, 0.18) * c.width, cy + r.range(-0.12, 0.12) * c.height]);
    points.sort((a, b) => a[0] - b[0]);
    const colour = mix('#ffffff', p.accents[k % 3], 0.3);
    c.body.push(`<path d="M${points.map(([px, py]) => `${n(px)},${n(py)}`).join('L')}" fill="none" stroke="${colour}" stroke-width="1.2" stroke-opacity="0.45"/>`);
    for (const [px, py] of points) c.body.push(`<circle cx="${n(px)}" cy="${n(py)}" r="${n(r.range(2, 3.6))}" fill="${colour}"/>`);
  }
  const [rx, ry] = [r.range(0.3, 0.7) * c.width, r.range(0.25, 0.5) * c.height];
  for (let i = 1; i <= 6; i++) {
    c.body.push(
      `<circle cx="${n(rx)}" cy="${n(ry)}" r="${n(i * c.width * 0.06)}" fill="none" stroke="${p.accents[i % 3]}" stroke-width="1" stroke-opacity="${n(0.5 - i * 0.06)}" stroke-dasharray="${i % 2 ? '2 6' : 'none'}"/>`,
    );
  }
}

/** A synthwave sun: a glowing disc cut by widening horizontal gaps toward the horizon. */
export function stripedSun(c: Canvas, p: Palette, x: number, y: number, radius: number) {
  const id = c.uid('m');
  const gaps: string[] = [];
  for (let i = 0; i < 7; i++) {
    const gy = y + radius * (0.05 + i * 0.14);
    gaps.push(`<rect x="0" y="${n(gy)}" width="${c.width}" height="${n(2 + i * 2.2)}" fill="#000"/>`);
  }
  c.defs.push(`<mask id="${id}"><rect width="${c.width}" height="${c.height}" fill="#fff"/>${gaps.join('')}</mask>`);
  const fill = linear(c, [
    [0, p.glow],
    [0.45, p.accents[1]],
    [1, p.accents[0]],
  ]);
  const halo = radial(c, [
    [0, p.accents[1], 0.5],
    [1, p.accents[1], 0],
  ]);
  c.body.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(radius * 1.9)}" fill="${halo}"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(radius)}" fill="${fill}" mask="url(#${id})"/>`);
}
