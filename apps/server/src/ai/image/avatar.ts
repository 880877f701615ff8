import { seededRandom } from '../random.ts';
import { createCanvas, linear, mix, n, toSvg, type Canvas } from './canvas.ts';
import { PALETTES, type PaletteName } from './palettes.ts';
import { glowBackdrop } from './sky-layers.ts';

export type HairStyle = 'long' | 'short' | 'bun' | 'spiky';
export type Ears = 'none' | 'cat' | 'fox';

export interface AvatarOptions {
  seed: string;
  palette: PaletteName;
  hair: HairStyle;
  hairColour: string;
  ears?: Ears;
  skin?: string;
  /** Side length in pixels; avatars are square. */
  size?: number;
  /** False draws the figure alone on transparency, to stand in a scene; true (default) on its starry glow. */
  backdrop?: boolean;
}

const SKINS = ['#ffe0cc', '#f6cfb4', '#e8b898', '#c98f6b', '#9c6646'];

// Drawn on a 512 grid and scaled by the viewBox, so every size shares one set of numbers.
const GRID = 512;
const CX = 256;

function backHair(style: HairStyle, colour: string): string {
  if (style === 'long') return `<path d="M140,250C130,140 200,110 256,112C312,110 382,140 372,250L392,470C330,500 182,500 120,470Z" fill="${colour}"/>`;
  if (style === 'bun') return `<circle cx="${CX}" cy="118" r="48" fill="${colour}"/>`;
  return '';
}

function frontHair(style: HairStyle, colour: string, random: Canvas['random']): string {
  const fringe = `<path d="M158,250C150,150 210,128 256,128C302,128 362,150 354,250C338,200 314,184 292,190C276,168 246,164 226,186C204,176 176,196 158,250Z" fill="${colour}"/>`;
  if (style !== 'spiky') return fringe;
  const spikes: string[] = [];
  for (let i = 0; i <= 8; i++) {
    const a = Math.PI * (1.05 + (i / 8) * 0.9);
    const [x, y] = [CX + Math.cos(a) * 100, 232 + Math.sin(a) * 110];
    const [tx, ty] = [CX + Math.cos(a) * random.range(140, 165), 232 + Math.sin(a) * random.range(140, 165)];
    spikes.push(`M${n(x - 22)},${n(y + 10)}L${n(tx)},${n(ty)}L${n(x + 22)},${n(y + 10)}Z`);
  }
  return `<path d="${spikes.join('')}" fill="${colour}"/>${fringe}`;
}

function ears(kind: Ears, colour: string, inner: string): string {
  if (kind === 'none') return '';
  const tall = kind === 'fox' ? 86 : 62;
  const one = (x: number, dir: number) =>
    `<path d="M${x - 34 * dir},${190}L${x + 10 * dir},${190 - tall}L${x + 44 * dir},${168}Z" fill="${colour}"/>` +
    `<path d="M${x - 14 * dir},${182}L${x + 10 * dir},${190 - tall + 26}L${x + 28 * dir},${172}Z" fill="${inner}"/>`;
  return one(180, -1) + one(332, 1);
}

/** A friendly head-and-shoulders portrait, on a starry backdrop unless asked without, as SVG text. */
export function avatarSvg(options: AvatarOptions): string {
  const size = options.size ?? GRID;
  const random = seededRandom(`avatar:${options.palette}:${options.seed}`);
  const c = createCanvas(GRID, GRID, random);
  const p = PALETTES[options.palette];
  const skin = options.skin ?? random.pick(SKINS);
  const hair = options.hairColour;
  const outfit = random.pick(p.accents);

  if (options.backdrop !== false) {
    glowBackdrop(c, p, { accent: 0.4, edge: 0.6, x: 0.5, y: 0.4, r: 0.75, density: 1.2 });
    c.body.push(`<circle cx="${CX}" cy="236" r="170" fill="none" stroke="${p.glow}" stroke-width="3" stroke-opacity="0.35"/>`);
  }
  c.body.push(backHair(options.hair, hair));
  const clothes = linear(c, [
    [0, mix(outfit, '#ffffff', 0.15)],
    [1, mix(outfit, p.sky[0], 0.55)],
  ]);
  c.body.push(`<path d="M86,${GRID}C92,420 150,384 220,372L292,372C362,384 420,420 426,${GRID}Z" fill="${clothes}"/>`);
  c.body.push(`<path d="M226,300h60v78c-14,16 -46,16 -60,0Z" fill="${mix(skin, '#000000', 0.12)}"/>`);
  c.body.push(ears(options.ears ?? 'none', hair, mix(hair, '#ffc4d8', 0.55)));
  c.body.push(`<ellipse cx="${CX}" cy="250" rx="92" ry="104" fill="${skin}"/>`);

  const iris = mix(random.pick(p.accents), '#1a1030', 0.45);
  for (const dx of [-36, 36]) {
    c.body.push(
      `<ellipse cx="${CX + dx}" cy="262" rx="12" ry="17" fill="${iris}"/><circle cx="${CX + dx + 4}" cy="255" r="4.5" fill="#ffffff"/>` +
        `<ellipse cx="${CX + dx * 1.45}" cy="292" rx="15" ry="8" fill="#ff7aa8" fill-opacity="0.35"/>`,
    );
  }
  const smile = random.range(4, 10);
  c.body.push(`<path d="M${CX - 14},304Q${CX},${304 + smile} ${CX + 14},304" fill="none" stroke="${mix(skin, '#5a2030', 0.6)}" stroke-width="4" stroke-linecap="round"/>`);
  c.body.push(frontHair(options.hair, hair, random));
  if (options.hair === 'bun' || random.chance(0.5)) {
    c.body.push(`<path d="M330,170l6,14l15,1l-12,9l4,15l-13,-8l-13,8l4,-15l-12,-9l15,-1Z" fill="${p.glow}"/>`);
  }
  return toSvg(c).replace(`width="${GRID}" height="${GRID}"`, `width="${size}" height="${size}"`);
}
