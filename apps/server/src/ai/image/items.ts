import { seededRandom } from '../random.ts';
import { createCanvas, linear, mix, n, radial, toSvg, type Canvas } from './canvas.ts';
import { PALETTES, type Palette, type PaletteName } from './palettes.ts';
import { glowBackdrop } from './sky-layers.ts';

export type ItemKind = 'hoodie' | 'gown' | 'jacket' | 'vinyl';

export interface ItemOptions {
  kind: ItemKind;
  seed: string;
  palette: PaletteName;
  /** Main colour of the item; one of the palette's accents when left out. */
  colour?: string;
  size?: number;
}

const GRID = 512;

/** The glow and stars every item sits on, with the shadow it stands on. */
function backdrop(c: Canvas, p: Palette) {
  glowBackdrop(c, p, { accent: 0.55, edge: 0.7, x: 0.5, y: 0.45, r: 0.8, density: 0.9 });
  c.body.push(`<ellipse cx="256" cy="470" rx="170" ry="18" fill="#000000" fill-opacity="0.28"/>`);
}

function sparkles(c: Canvas, colour: string, count: number) {
  for (let i = 0; i < count; i++) {
    const [x, y, s] = [c.random.range(60, 452), c.random.range(60, 420), c.random.range(5, 11)];
    c.body.push(
      `<path d="M${n(x)},${n(y - s)}Q${n(x)},${n(y)} ${n(x + s)},${n(y)}Q${n(x)},${n(y)} ${n(x)},${n(y + s)}Q${n(x)},${n(y)} ${n(x - s)},${n(y)}Q${n(x)},${n(y)} ${n(x)},${n(y - s)}Z" fill="${colour}"/>`,
    );
  }
}

function hoodie(c: Canvas, p: Palette, cloth: string) {
  const fill = linear(c, [
    [0, mix(cloth, '#ffffff', 0.2)],
    [1, mix(cloth, p.sky[0], 0.35)],
  ]);
  const dark = mix(cloth, p.sky[0], 0.45);
  c.body.push(
    `<path d="M176,130C196,84 316,84 336,130L346,170L166,170Z" fill="${dark}"/>` +
      `<path d="M170,150L110,180L70,350L120,368L150,250L150,440L362,440L362,250L392,368L442,350L402,180L342,150C320,190 192,190 170,150Z" fill="${fill}"/>` +
      `<path d="M200,330h112v56H200Z" fill="${dark}" fill-opacity="0.5"/>` +
      `<path d="M236,178v70M276,178v70" stroke="${p.glow}" stroke-width="4" stroke-linecap="round"/>`,
  );
}

function gown(c: Canvas, p: Palette, cloth: string) {
  const fill = linear(c, [
    [0, mix(cloth, '#ffffff', 0.3)],
    [0.5, cloth],
    [1, mix(cloth, p.sky[0], 0.4)],
  ]);
  c.body.push(
    `<path d="M214,90L226,90L236,150L276,150L286,90L298,90L312,180L290,240C360,320 400,390 420,450L92,450C112,390 152,320 222,240L200,180Z" fill="${fill}"/>` +
      `<path d="M222,240C240,252 272,252 290,240" stroke="${p.glow}" stroke-width="5" fill="none"/>`,
  );
  sparkles(c, mix(p.glow, '#ffffff', 0.5), 9);
}

function jacket(c: Canvas, p: Palette, cloth: string) {
  const fill = linear(
    c,
    [
      [0, mix(cloth, '#ffffff', 0.12)],
      [1, mix(cloth, p.sky[0], 0.5)],
    ],
    0,
    0,
    1,
    1,
  );
  const lining = mix(p.accents[2], '#ffffff', 0.2);
  c.body.push(
    `<path d="M190,110L120,150L72,340L124,356L156,240L156,440L356,440L356,240L388,356L440,340L392,150L322,110L256,200Z" fill="${fill}"/>` +
      `<path d="M190,110L222,250L256,200ZM322,110L290,250L256,200Z" fill="${lining}"/>` +
      `<path d="M256,200V440" stroke="${mix(cloth, '#000000', 0.5)}" stroke-width="4"/>` +
      `<circle cx="200" cy="330" r="7" fill="${p.glow}"/><circle cx="312" cy="330" r="7" fill="${p.glow}"/>`,
  );
}

function vinyl(c: Canvas, p: Palette, label: string) {
  const shine = linear(
    c,
    [
      [0, '#ffffff', 0],
      [0.5, '#ffffff', 0.18],
      [1, '#ffffff', 0],
    ],
    0,
    0,
    1,
    1,
  );
  const grooves: string[] = [];
  for (let r = 70; r < 175; r += 7) grooves.push(`<circle cx="256" cy="250" r="${r}" fill="none" stroke="#ffffff" stroke-opacity="0.06" stroke-width="2"/>`);
  c.body.push(
    `<circle cx="256" cy="250" r="180" fill="#0d0a16"/>${grooves.join('')}<circle cx="256" cy="250" r="180" fill="${shine}"/>` +
      `<circle cx="256" cy="250" r="62" fill="${radial(c, [
        [0, mix(label, '#ffffff', 0.3)],
        [1, label],
      ])}"/><circle cx="256" cy="250" r="8" fill="#0d0a16"/>`,
  );
  const note = (x: number, y: number, s: number) =>
    `<path d="M${x},${y}v${-60 * s}l${36 * s},${-12 * s}v${60 * s}" stroke="${p.glow}" stroke-width="${5 * s}" fill="none"/>` +
    `<ellipse cx="${n(x - 8 * s)}" cy="${y}" rx="${n(12 * s)}" ry="${n(9 * s)}" fill="${p.glow}"/><ellipse cx="${n(x + 28 * s)}" cy="${n(y - 12 * s)}" rx="${n(12 * s)}" ry="${n(9 * s)}" fill="${p.glow}"/>`;
  c.body.push(note(396, 150, 1), note(110, 430, 0.7));
}

const DRAW: Record<ItemKind, (c: Canvas, p: Palette, colour: string) => void> = { hoodie, gown, jacket, vinyl };

/** A store item's cover: the item on a starry backdrop, as SVG text. */
export function itemSvg(options: ItemOptions): string {
  const size = options.size ?? GRID;
  const c = createCanvas(GRID, GRID, seededRandom(`item:${options.kind}:${options.palette}:${options.seed}`));
  const p = PALETTES[options.palette];
  backdrop(c, p);
  DRAW[options.kind](c, p, options.colour ?? c.random.pick(p.accents));
  return toSvg(c).replace(`width="${GRID}" height="${GRID}"`, `width="${size}" height="${size}"`);
}
