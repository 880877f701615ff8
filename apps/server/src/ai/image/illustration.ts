import sharp from 'sharp';
import { seededRandom } from '../random.ts';
import { avatarSvg, type HairStyle } from './avatar.ts';
import { createCanvas, mix, n, toSvg, type Canvas } from './canvas.ts';
import { dunes, forest, grid, mountains, sea } from './land-layers.ts';
import { PALETTES, type Palette, type PaletteName } from './palettes.ts';
import { paintScene, rasterize, SCENE_KINDS, type SceneKind } from './procedural.ts';
import { animal, beach, birds, clouds, figureLight, hills, ledge, lighthouse, milkyWay, peaks, skyline, snowfall, sun } from './scene-elements.ts';
import { readPrompt, type PromptReading, type SceneElement } from './scene-words.ts';
import { aurora, constellations, galaxy, moon, nebula, planet, sky, stars, stripedSun } from './sky-layers.ts';
import { STYLE_PALETTES, touchUp } from './style-filters.ts';

const PALETTE_NAMES = Object.keys(PALETTES) as PaletteName[];
const HAIR_COLOURS = ['#2b2340', '#c9b6ff', '#ff9ec4', '#ff7a3d', '#f5e6a8', '#6fe3ff', '#8a5a3c', '#e8e8f0'];
const LAND: SceneElement[] = ['sea', 'beach', 'mountains', 'desert', 'forest', 'city', 'lighthouse', 'grid'];
/** How much of the style's filter is laid over the drawn picture: enough to show the style, not to muddy the shapes. */
const STYLE_AMOUNT = 0.4;

export interface IllustrationRequest {
  prompt: string;
  style: string;
  seed: number;
  width: number;
  height: number;
  /** A picture of the character (an agent's 2D avatar), cut out and set in the scene. */
  referenceImage?: Buffer;
}

/** A square where the character is composited, in pixels. */
export interface FigureBox {
  kind: 'portrait' | 'picture';
  left: number;
  top: number;
  size: number;
}

/** What will be drawn where: everything decided before a single shape is painted. */
export interface IllustrationPlan {
  reading: PromptReading;
  palette: PaletteName;
  width: number;
  height: number;
  /** The scene's own seed: the same words (in any phrasing) and request seed paint the same scene. */
  sceneSeed: string;
  /** One of the procedural library's scenes when the words name no place, sky or time of day. */
  fallback: SceneKind | null;
  /** Where the sun, moon and their path on water are, as a fraction of the width. */
  lightX: number;
  /** The side the character (or animal) stands on; landmarks take the other. */
  side: 'left' | 'right';
  figure: FigureBox | null;
}

function figureBox(kind: FigureBox['kind'], side: 'left' | 'right', width: number, height: number): FigureBox {
  const tall = width < height;
  const size = Math.round(kind === 'portrait' ? Math.min(height * 0.62, width * (tall ? 0.68 : 0.56)) : Math.min(height, width) * (tall ? 0.6 : 0.5));
  const cx = width * (side === 'left' ? (tall ? 0.36 : 0.27) : tall ? 0.64 : 0.73);
  // a portrait may touch the frame's side; a round picture keeps clear of it
  const margin = kind === 'portrait' ? 0 : Math.min(width, height) * 0.05;
  const left = Math.round(Math.min(width - size - margin, Math.max(margin, cx - size / 2)));
  const top = kind === 'portrait' ? height - size : Math.round(height - size - height * 0.07);
  return { kind, left, top, size };
}

/** Reads the words and decides the layout; the seed chooses among layouts the words allow. */
export function planIllustration(request: IllustrationRequest): IllustrationPlan {
  const reading = readPrompt(request.prompt);
  const palette = STYLE_PALETTES[request.style] ?? seededRandom(`palette:${request.style}`).pick(PALETTE_NAMES);
  const sceneSeed = `${request.seed}:${palette}:${reading.elements.join(',')}:${reading.time}`;
  const layout = seededRandom(`layout:${sceneSeed}`);
  const fallback = reading.elements.length === 0 && reading.time === 'night' ? layout.pick(SCENE_KINDS) : null;
  const side = layout.chance(0.5) ? 'left' : 'right';
  const lightX = side === 'left' ? layout.range(0.55, 0.75) : layout.range(0.25, 0.45);
  const kind = request.referenceImage ? 'picture' : reading.figure.person ? 'portrait' : null;
  return { reading, palette, width: request.width, height: request.height, sceneSeed, fallback, lightX, side, figure: kind ? figureBox(kind, side, request.width, request.height) : null };
}

/** The palette under the time of day and the weather the words name. */
function lit(p: Palette, reading: PromptReading): Palette {
  let q: Palette = p;
  if (reading.time === 'dusk') {
    q = { ...q, sky: [q.sky[0], mix(q.sky[1], '#a8416e', 0.5), mix(q.sky[2], '#ff9a5c', 0.7)], glow: mix(q.glow, '#ffd49a', 0.6) };
  } else if (reading.time === 'day') {
    q = {
      ...q,
      sky: [mix(q.sky[1], '#3f7fd0', 0.75), mix(q.sky[2], '#8fc3f0', 0.75), mix(q.glow, '#e2f1ff', 0.6)],
      land: [mix(q.land[0], '#6a86a8', 0.55), mix(q.land[1], '#1d4f7a', 0.6)],
      glow: '#fffbea',
    };
  }
  if (reading.elements.includes('desert')) q = { ...q, land: [mix(q.land[0], '#d9a066', 0.55), mix(q.land[1], '#6b3a2a', 0.45)] };
  if (reading.elements.includes('snow')) q = { ...q, land: [mix(q.land[0], '#c9d3ee', 0.5), mix(q.land[1], '#6e7aa0', 0.35)] };
  return q;
}

/** Sky layers mirrored in still water below `y`, faint. */
function reflect(c: Canvas, layers: string[], y: number) {
  const clip = c.uid('c');
  c.defs.push(`<clipPath id="${clip}"><rect x="0" y="${n(y)}" width="${c.width}" height="${n(c.height - y)}"/></clipPath>`);
  c.body.push(`<g clip-path="url(#${clip})"><g opacity="0.3" transform="translate(0 ${n(2 * y)}) scale(1 -1)">${layers.join('')}</g></g>`);
}

function paint(c: Canvas, p: Palette, plan: IllustrationPlan) {
  const e = new Set(plan.reading.elements);
  const { time } = plan.reading;
  const { width: w, height: h, random: r } = c;
  const short = Math.min(w, h);
  const lightX = plan.lightX * w;
  const landmarkX = w * (plan.side === 'left' ? 0.76 : 0.24);
  if (plan.fallback) {
    paintScene(plan.fallback, c, p);
    return;
  }
  const land = LAND.some((x) => e.has(x));
  const space = !land && (e.has('nebula') || e.has('galaxy') || e.has('planet'));
  const horizon = e.has('sea') ? r.range(0.6, 0.66) : 0.66;

  sky(c, space ? { ...p, sky: [p.sky[0], p.sky[0], p.sky[1]] } : p);
  if (time !== 'day') stars(c, p, e.has('stars') ? 1.7 : time === 'dusk' ? 0.35 : 1, time === 'dusk' ? 0.45 : space ? 1 : horizon);
  if (e.has('nebula')) nebula(c, p, space ? 10 : 5);
  if (e.has('milkyWay')) milkyWay(c, p);
  if (e.has('galaxy')) galaxy(c, p, space ? w / 2 : landmarkX, h * (space ? 0.45 : 0.24), short * (space ? 0.42 : 0.18));
  if (e.has('constellations')) constellations(c, p, 2);
  const auroraFrom = c.body.length;
  if (e.has('aurora')) aurora(c, p, 3);
  const auroraLayers = c.body.slice(auroraFrom);
  if (e.has('clouds') || (time !== 'night' && r.chance(0.7))) {
    const tint = time === 'day' ? '#ffffff' : time === 'dusk' ? mix(p.accents[1], '#ffd2b0', 0.5) : mix(p.sky[2], p.glow, 0.3);
    clouds(c, tint, time === 'night' ? 0.35 : time === 'dusk' ? 0.55 : 0.75, e.has('clouds') ? 5 : 3, 0.08, horizon - 0.22, time === 'dusk' ? 2.2 : 1);
  }
  if (time === 'dusk') sun(c, p, lightX, h * (horizon - 0.03), short * 0.1);
  if (time === 'day') sun(c, p, lightX, h * 0.16, short * 0.06);
  const brightSky = ['aurora', 'milkyWay', 'galaxy', 'nebula', 'planet'].some((x) => e.has(x as SceneElement));
  const hasMoon = e.has('moon') || (time === 'night' && !brightSky && !e.has('grid') && r.chance(0.6));
  if (hasMoon) {
    const night = time === 'night';
    moon(c, p, night ? lightX : w - lightX, h * (night ? r.range(0.18, 0.3) : 0.14), short * (night ? 0.09 : 0.05), night && !e.has('moon') ? r.range(0.3, 1.2) : 1);
  }
  if (e.has('planet')) planet(c, p, space ? w / 2 : w - lightX, h * (space ? 0.48 : 0.25), short * (space ? 0.24 : 0.12));
  if (e.has('birds')) birds(c, time === 'night' ? mix(p.glow, p.sky[1], 0.3) : mix(p.land[1], '#000000', 0.3), w - lightX, h * 0.3);

  if (e.has('mountains')) peaks(c, p, 3, e.has('sea') ? horizon - 0.3 : 0.4, e.has('snow'));
  // a far shore on the horizon, unless the sun sets into open sea
  else if (e.has('sea') && !e.has('city') && time !== 'dusk' && r.chance(0.7)) mountains(c, p, 1, horizon - 0.07);
  if (e.has('desert')) dunes(c, p, 4);
  if (e.has('grid')) {
    if (time === 'night') stripedSun(c, p, w / 2, h * 0.45, short * 0.3);
    grid(c, p, 0.66);
  }
  if (e.has('city')) skyline(c, p, h * (e.has('sea') ? horizon : 0.8), { neon: e.has('neon'), windows: time === 'day' ? 0 : time === 'dusk' ? 0.25 : 0.4 });
  if (e.has('sea')) {
    // water a shade darker than the sky it mirrors at night, bluer by day; on a moonless
    // night it shimmers under the lighthouse's lamp
    const water = time === 'day' ? mix(p.sky[2], '#3f86c8', 0.6) : time === 'night' ? mix(p.sky[2], p.land[1], 0.45) : p.sky[2];
    sea(c, { ...p, sky: [p.sky[0], p.sky[1], water] }, horizon, e.has('lighthouse') && time === 'night' && !hasMoon ? landmarkX : lightX);
    if (auroraLayers.length) reflect(c, auroraLayers, h * horizon);
  }
  if (e.has('beach')) beach(c, p, h * 0.86);
  if (e.has('forest')) forest(c, p);
  if (e.has('lighthouse')) lighthouse(c, p, landmarkX, h * (horizon + 0.09), Math.min(h * 0.42, w * 0.5), time !== 'day');
  if (!land && !space) hills(c, p, 0.7);
  if (e.has('snow')) snowfall(c, 1);
}

/** The scene and the animal as SVG text; a person or picture is composited over it after. */
export function illustrationSvg(plan: IllustrationPlan): string {
  const c = createCanvas(plan.width, plan.height, seededRandom(`scene:${plan.sceneSeed}`));
  const p = lit(PALETTES[plan.palette], plan.reading);
  paint(c, p, plan);
  // after the scene, so someone joining it changes no shape of the scene itself
  const who = seededRandom(`figure:${plan.sceneSeed}`);
  const pet = plan.reading.figure.animal;
  const { figure } = plan;
  if (figure) figureLight(c, p, figure.left + figure.size / 2, figure.top + figure.size * (figure.kind === 'portrait' ? 0.55 : 0.5), figure.size / 2, figure.kind === 'picture');
  if (pet) {
    const size = Math.min(plan.height * 0.36, plan.width * 0.32);
    const beside = figure ? (plan.side === 'left' ? figure.left + figure.size + size * 0.2 : figure.left - size * 0.2) : plan.width * (plan.side === 'left' ? 0.28 : 0.72);
    const x = Math.min(plan.width - size * 0.45, Math.max(size * 0.45, beside + who.range(-0.03, 0.03) * plan.width));
    const ground = plan.height * 0.9;
    const floor = { ...c, random: who };
    ledge(floor, p, x, ground);
    animal(floor, p, pet, x, ground + plan.height * 0.01, size);
  }
  return toSvg(c);
}

/** The person the words name, drawn as a portrait bust on transparency. */
async function portrait(plan: IllustrationPlan, prompt: string, size: number): Promise<Buffer> {
  const f = plan.reading.figure;
  const random = seededRandom(`look:${plan.sceneSeed}:${prompt}`);
  const hairs: HairStyle[] = f.feminine === true ? ['long', 'bun', 'long'] : f.feminine === false ? ['short', 'spiky'] : ['long', 'short', 'bun', 'spiky'];
  const hair = f.hair ?? random.pick(hairs);
  const hairColour = f.hairColour ?? random.pick(HAIR_COLOURS);
  return rasterize(avatarSvg({ seed: `${plan.sceneSeed}:${prompt}`, palette: plan.palette, hair, hairColour, ears: f.ears, size, backdrop: false }), 'png');
}

/** A picture cut out as a disc whose edge fades into the scene. */
async function cutOut(picture: Buffer, size: number): Promise<Buffer> {
  const mask = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><defs><radialGradient id="m"><stop offset="0.88" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}" fill="url(#m)"/></svg>`;
  const square = await sharp(picture).rotate().resize(size, size, { fit: 'cover', position: 'attention' }).removeAlpha().png().toBuffer();
  return sharp(square)
    .ensureAlpha()
    .composite([{ input: Buffer.from(mask), blend: 'dest-in' }])
    .png()
    .toBuffer();
}

/**
 * Text to image, offline: the words read into a scene painted from the procedural library,
 * a character set in front when the words name one (or a picture of it is given), then the
 * style's filter laid lightly over it all. Same request, same bytes.
 */
export async function drawIllustration(request: IllustrationRequest): Promise<Buffer> {
  const plan = planIllustration(request);
  const scene = await rasterize(illustrationSvg(plan), 'png');
  const { figure } = plan;
  const layers = !figure
    ? []
    : [{ input: figure.kind === 'picture' ? await cutOut(request.referenceImage!, figure.size) : await portrait(plan, request.prompt, figure.size), left: figure.left, top: figure.top }];
  const composed = layers.length ? await sharp(scene).composite(layers).png().toBuffer() : scene;
  return touchUp(composed, request.style, STYLE_AMOUNT, plan.sceneSeed);
}
