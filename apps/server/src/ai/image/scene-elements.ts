import { linear, mix, n, polygon, radial, smoothPath, type Canvas } from './canvas.ts';
import type { Palette } from './palettes.ts';

/** Pixel sizes below are for a 512 canvas; this scales them to the one being drawn. */
const scale = (c: Canvas) => Math.min(c.width, c.height) / 512;

/** A sun with a wide halo; drawn before the land, so a low sun sets behind it. */
export function sun(c: Canvas, p: Palette, x: number, y: number, radius: number) {
  const halo = radial(c, [
    [0, p.glow, 0.75],
    [0.18, mix(p.glow, p.accents[0], 0.4), 0.35],
    [1, p.accents[0], 0],
  ]);
  const disc = radial(c, [
    [0, '#ffffff'],
    [0.6, mix(p.glow, '#ffffff', 0.4)],
    [1, p.glow],
  ]);
  c.body.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(radius * 5)}" fill="${halo}"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(radius)}" fill="${disc}"/>`);
}

/** Soft clouds of overlapping puffs between `top` and `bottom` (fractions of the height); `flat` stretches them into streaks. */
export function clouds(c: Canvas, tint: string, opacity: number, count: number, top: number, bottom: number, flat = 1) {
  const r = c.random;
  const puff = radial(c, [
    [0, tint, opacity],
    [0.75, tint, opacity * 0.85],
    [1, tint, 0],
  ]);
  const shade = radial(
    c,
    [
      [0, '#000000', 0],
      [0.7, '#000000', 0],
      [1, '#000000', 0.12],
    ],
    0.5,
    0.2,
    0.9,
  );
  const puffs: string[] = [];
  for (let k = 0; k < count; k++) {
    const [cx, cy] = [r.range(-0.1, 1.1) * c.width, r.range(top, bottom) * c.height];
    const width = c.width * r.range(0.2, 0.4);
    for (let i = 0; i < 11; i++) {
      const t = r.range(-0.5, 0.5);
      const size = width * r.range(0.1, 0.2) * (1 - Math.abs(t) * 0.8);
      puffs.push(`<ellipse cx="${n(cx + t * width)}" cy="${n(cy - size * r.range(0, 0.6))}" rx="${n(size * 1.6 * flat)}" ry="${n(size / flat)}"/>`);
    }
  }
  c.body.push(`<g fill="${puff}">${puffs.join('')}</g><g fill="${shade}">${puffs.join('')}</g>`);
}

/** The Milky Way: a tilted band of glow and dust with a darker lane along it. */
export function milkyWay(c: Canvas, p: Palette) {
  const r = c.random;
  const [y0, y1] = [c.height * r.range(0.05, 0.4), c.height * r.range(0.05, 0.4)];
  const [cx, cy] = [c.width / 2, (y0 + y1) / 2];
  const angle = (Math.atan2(y1 - y0, c.width) * 180) / Math.PI;
  const length = Math.hypot(c.width, y1 - y0);
  const band = Math.min(c.width, c.height) * 0.13;
  const glow = radial(c, [
    [0, mix(p.glow, p.accents[0], 0.3), 0.45],
    [0.5, p.accents[0], 0.16],
    [1, p.accents[0], 0],
  ]);
  const wide = radial(c, [
    [0, p.accents[2], 0.2],
    [1, p.accents[2], 0],
  ]);
  const lane = radial(c, [
    [0, p.sky[0], 0.55],
    [1, p.sky[0], 0],
  ]);
  const dust: string[] = [];
  for (let i = 0; i < 1500; i++) {
    const along = r.range(-0.55, 0.55) * length;
    const across = (r.next() + r.next() + r.next() - 1.5) * band * 0.9;
    const colour = r.chance(0.25) ? mix('#ffffff', r.pick(p.accents), 0.4) : '#ffffff';
    dust.push(`<circle cx="${n(cx + along)}" cy="${n(cy + across)}" r="${n(r.range(0.3, 1.3))}" fill="${colour}" fill-opacity="${n(r.range(0.2, 0.85))}"/>`);
  }
  c.body.push(
    `<g transform="rotate(${n(angle)} ${n(cx)} ${n(cy)})">` +
      `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(length * 0.75)}" ry="${n(band * 2.4)}" fill="${wide}"/>` +
      `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(length * 0.6)}" ry="${n(band)}" fill="${glow}"/>${dust.join('')}` +
      `<ellipse cx="${n(cx + length * 0.05)}" cy="${n(cy + band * 0.15)}" rx="${n(length * 0.45)}" ry="${n(band * 0.22)}" fill="${lane}"/></g>`,
  );
}

/** Falling snow: small sharp flakes far away and a few larger soft ones near. */
export function snowfall(c: Canvas, density = 1) {
  const r = c.random;
  const k = scale(c);
  const flakes: string[] = [];
  for (let i = 0; i < Math.round(((c.width * c.height) / 1600) * density); i++) {
    const near = r.chance(0.08);
    flakes.push(
      `<circle cx="${n(r.range(0, c.width))}" cy="${n(r.range(0, c.height))}" r="${n((near ? r.range(2.2, 4) : r.range(0.6, 1.8)) * k)}" fill-opacity="${n(near ? r.range(0.35, 0.6) : r.range(0.45, 0.9))}"/>`,
    );
  }
  c.body.push(`<g fill="#ffffff">${flakes.join('')}</g>`);
}

/** Rolling hills when the words name no land: two or three smooth ranges in the palette's land colours. */
export function hills(c: Canvas, p: Palette, top = 0.7) {
  const r = c.random;
  for (let i = 0; i < 3; i++) {
    const depth = i / 2;
    const base = c.height * (top + depth * 0.14);
    const points: Array<[number, number]> = [];
    for (let k = 0; k <= 5; k++) points.push([(k / 5) * c.width * 1.3 - c.width * 0.15, base + r.range(-1, 1) * c.height * 0.045]);
    const colour = mix(mix(p.land[0], p.sky[2], 0.35), p.land[1], depth);
    const fill = linear(c, [
      [0, mix(colour, p.glow, 0.1)],
      [1, mix(colour, '#000000', 0.35)],
    ]);
    c.body.push(`<path d="${smoothPath(points)}L${n(c.width * 1.15)},${c.height}L${n(-c.width * 0.15)},${c.height}Z" fill="${fill}"/>`);
  }
}

/** A dark foreground ledge across the bottom whose top passes through (`x`, `y`): somewhere for an animal to sit. */
export function ledge(c: Canvas, p: Palette, x: number, y: number) {
  const r = c.random;
  const points: Array<[number, number]> = [];
  for (let k = 0; k <= 6; k++) {
    const px = (k / 6) * c.width * 1.2 - c.width * 0.1;
    const near = Math.abs(px - x) < c.width * 0.12;
    points.push([px, near ? y : y + r.range(-0.02, 0.07) * c.height]);
  }
  points.push([x, y]);
  points.sort((a, b) => a[0] - b[0]);
  const fill = linear(c, [
    [0, mix(p.land[1], p.sky[2], 0.15)],
    [1, mix(p.land[1], '#000000', 0.5)],
  ]);
  c.body.push(`<path d="${smoothPath(points)}L${n(c.width * 1.1)},${c.height}L${n(-c.width * 0.1)},${c.height}Z" fill="${fill}"/>`);
}

/** A sandy shore across the bottom from `y` down, with a line of surf where it meets the water. */
export function beach(c: Canvas, p: Palette, y: number) {
  const r = c.random;
  const points: Array<[number, number]> = [];
  for (let k = 0; k <= 5; k++) points.push([(k / 5) * c.width * 1.2 - c.width * 0.1, y + r.range(-1, 1) * c.height * 0.03]);
  const sand = mix(mix(p.land[0], '#e6bf8c', 0.75), p.sky[2], 0.1);
  const fill = linear(c, [
    [0, mix(sand, p.glow, 0.15)],
    [1, mix(sand, '#000000', 0.45)],
  ]);
  const edge = smoothPath(points);
  c.body.push(
    `<path d="${edge}" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="${n(c.height * 0.012)}" transform="translate(0 ${n(-c.height * 0.008)})"/>` +
      `<path d="${edge}L${n(c.width * 1.1)},${c.height}L${n(-c.width * 0.1)},${c.height}Z" fill="${fill}"/>`,
  );
}

/** A striped lighthouse on a rock, its lamp lit at night and dusk with two beams across the sky. */
export function lighthouse(c: Canvas, p: Palette, x: number, baseY: number, height: number, lit: boolean) {
  const H = height;
  const rock = [
    [x - 1.1 * H, c.height],
    [x - 0.75 * H, baseY + 0.2 * H],
    [x - 0.4 * H, baseY + 0.06 * H],
    [x - 0.12 * H, baseY],
    [x + 0.14 * H, baseY + 0.01 * H],
    [x + 0.42 * H, baseY + 0.09 * H],
    [x + 0.8 * H, baseY + 0.24 * H],
    [x + 1.2 * H, c.height],
  ] as Array<[number, number]>;
  const stone = linear(c, [
    [0, mix(p.land[1], p.land[0], 0.6)],
    [1, mix(p.land[1], '#000000', 0.45)],
  ]);
  // a lit edge, so the dark rock stands off the dark sea
  c.body.push(
    `<path d="${smoothPath(rock)}Z" fill="${stone}"/>` + `<path d="${smoothPath(rock.slice(1, -1))}" fill="none" stroke="${p.glow}" stroke-opacity="0.2" stroke-width="${n(Math.max(1, 0.01 * H))}"/>`,
  );

  const [bottom, top, towerTop] = [0.09 * H, 0.06 * H, baseY - 0.68 * H];
  const tower = polygon([
    [x - bottom, baseY + 0.01 * H],
    [x - top, towerTop],
    [x + top, towerTop],
    [x + bottom, baseY + 0.01 * H],
  ]);
  const clip = c.uid('c');
  c.defs.push(`<clipPath id="${clip}"><path d="${tower}"/></clipPath>`);
  const light = mix('#f4eee2', p.sky[1], lit ? 0.3 : 0.12);
  const red = mix('#c8423f', p.sky[1], lit ? 0.35 : 0.15);
  const bands: string[] = [];
  for (let i = 0; i < 6; i++) {
    const y = towerTop + (i * (baseY - towerTop)) / 6;
    bands.push(`<rect x="${n(x - bottom)}" y="${n(y)}" width="${n(bottom * 2)}" height="${n((baseY - towerTop) / 6 + 1)}" fill="${i % 2 ? light : red}"/>`);
  }
  const shade = linear(
    c,
    [
      [0, '#ffffff', 0.15],
      [0.45, '#000000', 0],
      [1, '#000000', 0.55],
    ],
    0,
    0,
    1,
    0,
  );
  c.body.push(`<g clip-path="url(#${clip})">${bands.join('')}<rect x="${n(x - bottom)}" y="${n(towerTop)}" width="${n(bottom * 2)}" height="${n(baseY - towerTop + 2)}" fill="${shade}"/></g>`);

  const dark = mix(p.land[1], '#000000', 0.3);
  const lampTop = towerTop - 0.12 * H;
  const lampY = towerTop - 0.06 * H;
  if (lit) {
    const beam = (dir: 1 | -1) => {
      const fill = linear(
        c,
        [
          [0, p.glow, 0.5],
          [1, p.glow, 0],
        ],
        dir > 0 ? 0 : 1,
        0,
        dir > 0 ? 1 : 0,
        0,
      );
      const far = x + dir * c.width * 1.1;
      return `<path d="${polygon([
        [x, lampY - 0.012 * H],
        [far, lampY - 0.22 * H],
        [far, lampY + 0.12 * H],
        [x, lampY + 0.012 * H],
      ])}" fill="${fill}"/>`;
    };
    c.body.push(beam(1), beam(-1));
  }
  c.body.push(
    `<rect x="${n(x - top * 1.5)}" y="${n(towerTop - 0.02 * H)}" width="${n(top * 3)}" height="${n(0.025 * H)}" fill="${dark}"/>` +
      `<rect x="${n(x - top * 0.8)}" y="${n(lampTop)}" width="${n(top * 1.6)}" height="${n(0.1 * H)}" fill="${lit ? mix(p.glow, '#ffffff', 0.4) : mix(p.sky[2], '#ffffff', 0.3)}"/>` +
      `<path d="M${n(x - top * 0.8)},${n(lampTop)}V${n(towerTop - 0.02 * H)}M${n(x)},${n(lampTop)}V${n(towerTop - 0.02 * H)}M${n(x + top * 0.8)},${n(lampTop)}V${n(towerTop - 0.02 * H)}" stroke="${dark}" stroke-width="${n(Math.max(1, 0.008 * H))}"/>` +
      `<path d="M${n(x - top * 1.1)},${n(lampTop)}Q${n(x)},${n(lampTop - 0.11 * H)} ${n(x + top * 1.1)},${n(lampTop)}Z" fill="${dark}"/>` +
      `<circle cx="${n(x)}" cy="${n(lampTop - 0.07 * H)}" r="${n(0.012 * H)}" fill="${dark}"/>`,
  );
  if (lit) {
    const halo = radial(c, [
      [0, '#ffffff', 0.9],
      [0.2, p.glow, 0.5],
      [1, p.glow, 0],
    ]);
    c.body.push(`<circle cx="${n(x)}" cy="${n(lampY)}" r="${n(0.2 * H)}" fill="${halo}"/>`);
  }
}

/** A city skyline standing on `baseY`: a hazy far rank and a near one with lit windows; neon adds signs and a glow. */
export function skyline(c: Canvas, p: Palette, baseY: number, look: { neon: boolean; windows: number }) {
  const r = c.random;
  const k = scale(c);
  if (look.neon) {
    const haze = linear(c, [
      [0, p.accents[1], 0],
      [1, p.accents[1], 0.35],
    ]);
    c.body.push(`<rect x="0" y="${n(baseY - c.height * 0.4)}" width="${c.width}" height="${n(c.height * 0.4)}" fill="${haze}"/>`);
  }
  const blur = c.uid('f');
  c.defs.push(`<filter id="${blur}" x="-1" y="-1" width="3" height="3"><feGaussianBlur stdDeviation="${n(3 * k)}"/></filter>`);
  for (const rank of [0, 1]) {
    const colour = rank === 0 ? mix(mix(p.land[0], p.sky[2], 0.45), p.accents[0], look.neon ? 0.15 : 0) : mix(p.land[1], p.sky[1], 0.1);
    const [low, high] = rank === 0 ? [0.14, 0.36] : [0.07, 0.24];
    const blocks: string[] = [];
    const windows: string[] = [];
    const signs: string[] = [];
    for (let x = -r.range(0, 20) * k; x < c.width; ) {
      const w = c.width * r.range(0.045, 0.1) * (rank === 0 ? 0.9 : 1.2);
      const h = c.height * r.range(low, high);
      const top = baseY - h;
      blocks.push(`M${n(x)},${n(baseY)}V${n(top)}H${n(x + w)}V${n(baseY)}Z`);
      if (r.chance(0.35)) blocks.push(`M${n(x + w * 0.25)},${n(top)}V${n(top - h * 0.08)}H${n(x + w * 0.75)}V${n(top)}Z`);
      if (r.chance(0.25)) {
        blocks.push(`M${n(x + w / 2 - k)},${n(top)}V${n(top - h * 0.25)}H${n(x + w / 2 + k)}V${n(top)}Z`);
        signs.push(`<circle cx="${n(x + w / 2)}" cy="${n(top - h * 0.25)}" r="${n(2 * k)}" fill="#ff5a5a"/>`);
      }
      const [ww, wh, gap] = [3 * k, 4.5 * k, 4 * k];
      for (let wy = top + gap * 2; wy < baseY - wh; wy += wh + gap) {
        for (let wx = x + gap; wx < x + w - ww - gap / 2; wx += ww + gap) {
          if (r.chance(look.windows * (rank === 0 ? 0.5 : 1))) {
            windows.push(`<rect x="${n(wx)}" y="${n(wy)}" width="${n(ww)}" height="${n(wh)}" fill="${r.chance(0.7) ? p.glow : r.pick(p.accents)}" fill-opacity="${n(r.range(0.4, 0.95))}"/>`);
          }
        }
      }
      if (look.neon && rank === 1 && r.chance(0.45)) {
        const sign = `<rect x="${n(x + w * r.range(0.05, 0.6))}" y="${n(top + h * r.range(0.1, 0.4))}" width="${n(Math.max(3 * k, w * 0.16))}" height="${n(h * r.range(0.2, 0.4))}" rx="${n(k)}" fill="${r.pick(p.accents)}"/>`;
        signs.push(`<g filter="url(#${blur})">${sign}</g>${sign}`);
      }
      x += w + r.range(0, 6) * k;
    }
    c.body.push(`<path d="${blocks.join('')}" fill="${colour}"/>${windows.join('')}${signs.join('')}`);
  }
  c.body.push(`<rect x="0" y="${n(baseY)}" width="${c.width}" height="${n(c.height - baseY)}" fill="${mix(p.land[1], '#000000', 0.3)}"/>`);
}

/** A few birds gliding as shallow Vs. */
export function birds(c: Canvas, colour: string, x: number, y: number) {
  const r = c.random;
  const k = scale(c);
  const marks: string[] = [];
  for (let i = 0; i < r.int(4, 7); i++) {
    const [bx, by, s] = [x + r.range(-0.12, 0.12) * c.width, y + r.range(-0.06, 0.06) * c.height, r.range(8, 16) * k];
    marks.push(`M${n(bx - s)},${n(by - s * 0.2)}Q${n(bx - s * 0.45)},${n(by - s * 0.65)} ${n(bx)},${n(by)}Q${n(bx + s * 0.45)},${n(by - s * 0.65)} ${n(bx + s)},${n(by - s * 0.2)}`);
  }
  c.body.push(`<path d="${marks.join('')}" fill="none" stroke="${colour}" stroke-width="${n(2.2 * k)}" stroke-linecap="round" stroke-linejoin="round"/>`);
}

// A cat and a fox sitting with their backs to us, on a 100-unit box whose bottom is the ground;
// separate paths, since overlapping subpaths of one path could cut holes where they wind apart.
const ANIMALS = {
  cat: [
    'M30,100C21,100 20,80 28,66C33,57 40,52 42,47L58,47C60,52 67,57 72,66C80,80 79,100 70,100Z',
    'M50,23C59,23 65,29 65,36C65,44 58,49 50,49C42,49 35,44 35,36C35,29 41,23 50,23Z',
    'M36,32L35,13L47,25Z',
    'M64,32L65,13L53,25Z',
    'M66,94C80,99 92,96 92,84C92,77 88,73 84,76C87,80 88,90 66,89Z',
  ],
  fox: [
    'M33,100C25,100 24,82 31,67C35,58 41,53 43,48L57,48C59,53 65,58 69,67C76,82 75,100 67,100Z',
    'M50,25C58,25 63,30 63,37C63,44 57,49 50,49C43,49 37,44 37,37C37,30 42,25 50,25Z',
    'M38,34L35,11L48,27Z',
    'M62,34L65,11L52,27Z',
    'M62,97C80,103 100,94 97,74C95,62 86,58 81,62C89,72 85,88 62,86Z',
  ],
} as const;

/** An animal sitting on the ground at (`x`, `groundY`), `height` tall, rim-lit from the upper left. */
export function animal(c: Canvas, p: Palette, kind: keyof typeof ANIMALS, x: number, groundY: number, height: number) {
  const s = height / 100;
  const at = (dx: number, dy: number) => `translate(${n(x - 50 * s + dx)} ${n(groundY - 100 * s + dy)}) scale(${n(s)})`;
  const body = mix(p.land[1], '#000000', 0.35);
  const rim = mix(p.glow, p.accents[2], 0.3);
  const shape = ANIMALS[kind].map((d) => `<path d="${d}"/>`).join('');
  c.body.push(
    `<g transform="${at(0, 0)}" fill="none" stroke="${rim}" stroke-width="2.4" stroke-opacity="0.45" stroke-linejoin="round">${shape}</g>` +
      `<g transform="${at(-1.6 * s, -1.6 * s)}" fill="${rim}" fill-opacity="0.85">${shape}</g><g transform="${at(0, 0)}" fill="${body}">${shape}</g>`,
  );
  if (kind === 'fox') c.body.push(`<circle cx="${n(x + 39 * s)}" cy="${n(groundY - 30 * s)}" r="${n(4.5 * s)}" fill="${mix(p.glow, '#ffffff', 0.5)}" fill-opacity="0.85"/>`);
}

/** The light behind a character, so it stands out of the scene; `ring` adds the frame of a picture cut-out. */
export function figureLight(c: Canvas, p: Palette, cx: number, cy: number, radius: number, ring: boolean) {
  const glow = radial(c, [
    [0, mix(p.accents[0], p.glow, 0.3), 0.55],
    [0.55, p.accents[0], 0.2],
    [1, p.accents[0], 0],
  ]);
  c.body.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius * 1.45)}" fill="${glow}"/>`);
  if (ring) c.body.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius * 1.02)}" fill="none" stroke="${p.glow}" stroke-width="${n(Math.max(1.5, radius * 0.025))}" stroke-opacity="0.8"/>`);
}

/** A ridge of a few sharp peaks, roughened by midpoint displacement; heights are y pixels. */
function peakRidge(c: Canvas, base: number, rise: number): Array<[number, number]> {
  const r = c.random;
  const peaks = Array.from({ length: r.int(2, 4) }, () => ({ x: r.range(-0.1, 1.1) * c.width, y: base - rise * r.range(0.45, 1), slope: r.range(0.5, 1.1) * (rise / (c.width * 0.22)) }));
  const count = 96;
  let line: Array<[number, number]> = [];
  for (let i = 0; i <= count; i++) {
    const x = (i / count) * c.width;
    const y = Math.min(base, ...peaks.map((p) => p.y + Math.abs(x - p.x) * p.slope));
    line.push([x, y]);
  }
  // a little roughness at two scales, so the slopes read as rock and not as a cut-out
  for (const [step, amount] of [
    [8, 0.05],
    [2, 0.018],
  ] as const) {
    line = line.map(([x, y], i) => [x, i % step === 0 ? y + r.range(-1, 1) * rise * amount : y]);
  }
  return line;
}

/**
 * Mountain ranges with sharp peaks from hazy far to dark near, between `top` and the bottom;
 * `snow` caps every peak above a snow line with a jagged lower edge.
 */
export function peaks(c: Canvas, p: Palette, layers = 3, top = 0.45, snow = false) {
  const r = c.random;
  for (let i = 0; i < layers; i++) {
    const depth = layers === 1 ? 1 : i / (layers - 1);
    const base = c.height * (top + 0.12 + depth * (1 - top) * 0.4);
    const rise = c.height * (0.3 - depth * 0.12);
    const line = peakRidge(c, base, rise);
    const colour = mix(mix(p.land[0], p.sky[2], 0.5 - depth * 0.35), p.land[1], depth * 0.8);
    const fill = linear(c, [
      [0, mix(colour, p.glow, 0.12)],
      [1, mix(colour, '#000000', 0.4)],
    ]);
    c.body.push(`<path d="${polygon([[0, c.height], ...line, [c.width, c.height]])}" fill="${fill}"/>`);
    if (!snow) continue;
    const snowline = base - rise * 0.45;
    const bottom = line.map(([x, y]): [number, number] => [x, y + Math.max(0, snowline - y) * r.range(0.55, 0.95)]);
    const white = mix('#f4f6ff', p.sky[2], 0.2 + depth * 0.25);
    c.body.push(`<path d="${polygon([...line, ...bottom.reverse()])}" fill="${white}" fill-opacity="${n(0.92 - depth * 0.2)}"/>`);
  }
}
