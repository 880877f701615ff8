import sharp from 'sharp';
import { boundsOf, centre, grow, overlapArea, type Point, rayEntry, rounded, union } from './boxes.ts';
import type { ComicLang, ComicPanel } from './comic-script.ts';
import { type Box, detectFaces } from './faces.ts';
import { fitText, type TextBlock } from './text-block.ts';

/** One lettered item: its whole footprint (outline and tail included), its body and where its text was drawn. */
export interface LetterPart {
  kind: 'balloon' | 'caption';
  box: Box;
  body: Box;
  text: Box;
  fontSize: number;
}

export interface LetteredPanel {
  image: Buffer;
  /** The footprint of each balloon (tail and outline included), then the caption's, in the order drawn. */
  balloons: Box[];
  /** The faces detectFaces found, which the balloons were kept off. */
  faces: Box[];
  parts: LetterPart[];
}

export interface LetterOptions {
  lang: ComicLang;
  /** More places to keep clear, besides the faces found (say, a logo). */
  avoid?: Box[];
  /** Who the picture shows: that speaker's tails point at the largest face, the others' elsewhere. Without it, the first speaker's do. */
  agentName?: string;
}

/** Sizes as shares of the panel's short side, so a panel lettered at any size looks the same. */
const LINE_SIZE = 0.05;
const CAPTION_SIZE = 0.04;
const MIN_SIZE = 0.022;
/** A placement that touches a face or another balloon costs more than any distance could. */
const CLASH = 1000;
const GRID_STEPS = 10;

interface Frame {
  width: number;
  height: number;
  unit: number;
  margin: number;
  stroke: number;
  blockers: Box[];
}

/** A balloon's shape: its body, and its tail from a base on the body's edge to a tip towards the speaker. */
interface Shape {
  body: Box;
  radius: number;
  tail: [Point, Point, Point] | null;
  footprint: Box;
}

/** Where a speaker is: a face to point at, or a point (off the panel's edge) to point towards. */
type Target = { face: Box } | { point: Point };

/** The tail from the body towards the speaker, stopping short of the face it points at. */
function tailFor(body: Box, radius: number, target: Target, size: number, frame: Frame): [Point, Point, Point] {
  const c = centre(body);
  const goal = 'face' in target ? centre(target.face) : target.point;
  const dx = goal.x - c.x;
  const dy = goal.y - c.y;
  const halfBase = size * 0.45;
  let base: Point;
  let ends: [Point, Point];
  if (Math.abs(dy) / body.height >= Math.abs(dx) / body.width) {
    const y = dy > 0 ? body.y + body.height - 1 : body.y + 1;
    const x = Math.min(body.x + body.width - radius - halfBase, Math.max(body.x + radius + halfBase, c.x + dx * 0.35));
    base = { x, y };
    ends = [
      { x: x - halfBase, y },
      { x: x + halfBase, y },
    ];
  } else {
    const x = dx > 0 ? body.x + body.width - 1 : body.x + 1;
    const y = Math.min(body.y + body.height - radius - halfBase, Math.max(body.y + radius + halfBase, c.y + dy * 0.35));
    base = { x, y };
    ends = [
      { x, y: y - halfBase },
      { x, y: y + halfBase },
    ];
  }
  const length = Math.hypot(goal.x - base.x, goal.y - base.y) || 1;
  const dir = { x: (goal.x - base.x) / length, y: (goal.y - base.y) / length };
  // the tip stops a gap before the face, and inside the panel
  const entry = 'face' in target ? rayEntry(base, dir, grow(target.face, frame.stroke * 3)) : Infinity;
  const reach = Math.max(size * 0.5, Math.min(size * 2.2, entry, length));
  const tip = {
    x: Math.min(frame.width - frame.stroke * 2, Math.max(frame.stroke * 2, base.x + dir.x * reach)),
    y: Math.min(frame.height - frame.stroke * 2, Math.max(frame.stroke * 2, base.y + dir.y * reach)),
  };
  return [ends[0], tip, ends[1]];
}

function shapeAt(x: number, y: number, text: TextBlock, pad: Point, target: Target | null, frame: Frame): Shape {
  const body = { x, y, width: text.width + 2 * pad.x, height: text.height + 2 * pad.y };
  // corners round no further than keeps the text's corners inside the curve (padding ≥ 0.293 r)
  const radius = target ? Math.min(body.height / 2, body.width / 2, Math.min(pad.x, pad.y) / 0.3) : text.size * 0.15;
  const tail = target ? tailFor(body, radius, target, text.size, frame) : null;
  // the outline shows `stroke` wide outside the shape and its shadow 1.5 strokes further
  const footprint = rounded(grow(tail ? union(body, boundsOf(tail)) : body, frame.stroke * 2.5 + 1));
  return { body, radius, tail, footprint };
}

/** The spot with the least clash with faces and other balloons, near its speaker, top and reading order first. */
function place(text: TextBlock, pad: Point, target: Target | null, placed: Box[], preferred: Point, frame: Frame): { shape: Shape; clash: number } {
  const w = text.width + 2 * pad.x;
  const h = text.height + 2 * pad.y;
  const spanX = Math.max(0, frame.width - 2 * frame.margin - w);
  const spanY = Math.max(0, frame.height - 2 * frame.margin - h);
  let best: { shape: Shape; clash: number; score: number } | null = null;
  for (let i = 0; i <= GRID_STEPS; i++) {
    for (let j = 0; j <= GRID_STEPS; j++) {
      const shape = shapeAt(frame.margin + (spanX * i) / GRID_STEPS, frame.margin + (spanY * j) / GRID_STEPS, text, pad, target, frame);
      const area = shape.footprint.width * shape.footprint.height;
      const clash = [...frame.blockers, ...placed].reduce((sum, b) => sum + overlapArea(shape.footprint, grow(b, frame.margin / 2)), 0) / area;
      const c = centre(shape.body);
      const distance = Math.hypot(c.x - preferred.x, c.y - preferred.y) / frame.unit;
      const score = clash * CLASH + distance;
      if (!best || score < best.score) best = { shape, clash, score };
    }
  }
  return best!;
}

/** Fits the text at the largest size that finds a clear spot; at the smallest, the spot with the least clash. */
async function fitAndPlace(words: string, kind: LetterPart['kind'], target: Target | null, placed: Box[], preferred: Point, frame: Frame, lang: ComicLang): Promise<{ shape: Shape; text: TextBlock }> {
  const start = frame.unit * (kind === 'caption' ? CAPTION_SIZE : LINE_SIZE);
  let fallback: { shape: Shape; text: TextBlock; clash: number } | null = null;
  for (const share of [1, 0.8, 0.64, 0.5]) {
    const maxWidth = frame.width * (kind === 'caption' ? 0.62 : lang === 'zh_TW' ? 0.44 : 0.52) * (share < 1 ? share + 0.2 : 1);
    const maxHeight = frame.height * (kind === 'caption' ? 0.2 : 0.3) * share;
    const text = await fitText(words, {
      maxWidth,
      maxHeight,
      size: start * share,
      minSize: frame.unit * MIN_SIZE,
      bold: kind === 'balloon',
      align: kind === 'caption' ? 'left' : 'centre',
      aspect: kind === 'caption' ? 5 : lang === 'zh_TW' ? 2.6 : 4.5,
      oneLine: kind === 'caption' ? 40 : lang === 'zh_TW' ? 9 : 10,
    });
    const pad = kind === 'caption' ? { x: text.size * 0.5, y: text.size * 0.4 } : { x: text.size * 0.8, y: text.size * 0.55 };
    const { shape, clash } = place(text, pad, target, placed, preferred, frame);
    if (clash === 0) return { shape, text };
    if (!fallback || clash < fallback.clash) fallback = { shape, text, clash };
  }
  return fallback!;
}

const pt = (p: Point) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`;
const rect = (s: Shape, attrs: string) =>
  `<rect x="${s.body.x.toFixed(1)}" y="${s.body.y.toFixed(1)}" width="${s.body.width.toFixed(1)}" height="${s.body.height.toFixed(1)}" rx="${s.radius.toFixed(1)}" ${attrs}/>`;
const tail = (s: Shape, attrs: string) => (s.tail ? `<path d="M${s.tail.map(pt).join('L')}Z" ${attrs}/>` : '');

/**
 * The balloons and caption as SVG: every outline is drawn first, twice as wide as it shows,
 * then every fill over it, so a tail joins its body without a seam.
 */
function overlaySvg(width: number, height: number, shapes: Array<{ shape: Shape; kind: LetterPart['kind'] }>, stroke: number): string {
  const outline = `fill="#111" stroke="#111" stroke-width="${stroke * 2}" stroke-linejoin="round"`;
  const shadow = shapes.map(({ shape }) => `<g transform="translate(${stroke * 1.5} ${stroke * 1.5})" opacity="0.25">${rect(shape, outline)}${tail(shape, outline)}</g>`).join('');
  const outlines = shapes.map(({ shape }) => rect(shape, outline) + tail(shape, outline)).join('');
  const fills = shapes.map(({ shape, kind }) => {
    const fill = `fill="${kind === 'caption' ? '#fff4c4' : '#ffffff'}"`;
    return rect(shape, fill) + tail(shape, fill);
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shadow}${outlines}${fills.join('')}</svg>`;
}

/** Where each speaker is: the agent (or the first speaker) at the largest face, the next at the next face or off the panel's other side. */
function speakerTargets(panel: ComicPanel, faces: Box[], width: number, height: number, agentName?: string): Map<string, Target> {
  const speakers = [...new Set(panel.lines.map((l) => l.speaker))].sort((a, b) => Number(b === agentName) - Number(a === agentName));
  const mainX = faces[0] ? centre(faces[0]).x : width * 0.3;
  const otherSide = { point: { x: mainX < width / 2 ? width * 0.92 : width * 0.08, y: height } };
  return new Map(speakers.map((s, i) => [s, i === 0 ? (faces[0] ? { face: faces[0] } : { point: { x: mainX, y: height } }) : faces[i] ? { face: faces[i] } : otherSide]));
}

/**
 * Letters a panel: a speech balloon per line (rounded, its tail towards the speaker) and a
 * caption box for the narration. Each text is wrapped and shrunk until it fits its box, and
 * each box is put where it covers no face found by detectFaces, no `avoid` box and no other
 * balloon, when the panel has such a spot; otherwise where it covers least. The caption
 * prefers the top left, the balloons the top, in reading order left to right.
 */
export async function letterPanel(image: Buffer, panel: ComicPanel, opts: LetterOptions): Promise<LetteredPanel> {
  const meta = await sharp(image).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const faces = await detectFaces(image);
  const unit = Math.min(width, height);
  const frame: Frame = { width, height, unit, margin: Math.round(unit * 0.03), stroke: Math.max(2, Math.round(unit * 0.004)), blockers: [...faces, ...(opts.avoid ?? [])] };
  const drawn: Array<{ shape: Shape; text: TextBlock; kind: LetterPart['kind'] }> = [];
  const footprints = () => drawn.map((d) => d.shape.footprint);

  if (panel.narration) {
    const { shape, text } = await fitAndPlace(panel.narration, 'caption', null, [], { x: 0, y: 0 }, frame, opts.lang);
    drawn.push({ shape, text, kind: 'caption' });
  }
  const targets = speakerTargets(panel, faces, width, height, opts.agentName);
  for (const [i, line] of panel.lines.entries()) {
    // reading order: the first balloon wants the top left, the next the top right
    const preferred = { x: panel.lines.length === 1 ? width / 2 : (width * (i + 0.5)) / panel.lines.length, y: i === 0 ? 0 : height * 0.15 };
    const { shape, text } = await fitAndPlace(line.text, 'balloon', targets.get(line.speaker) ?? null, footprints(), preferred, frame, opts.lang);
    drawn.push({ shape, text, kind: 'balloon' });
  }

  const order = [...drawn.filter((d) => d.kind === 'balloon'), ...drawn.filter((d) => d.kind === 'caption')];
  const parts: LetterPart[] = order.map(({ shape, text, kind }) => {
    const at = { x: Math.round(shape.body.x + (shape.body.width - text.width) / 2), y: Math.round(shape.body.y + (shape.body.height - text.height) / 2), width: text.width, height: text.height };
    return { kind, box: clip(shape.footprint, width, height), body: shape.body, text: at, fontSize: text.size };
  });
  const lettered = await sharp(image)
    .composite([
      { input: Buffer.from(overlaySvg(width, height, order, frame.stroke)), left: 0, top: 0 },
      ...order.map(({ text }, i) => ({ input: text.png, left: parts[i]!.text.x, top: parts[i]!.text.y })),
    ])
    .png()
    .toBuffer();
  return { image: lettered, balloons: parts.map((p) => p.box), faces, parts };
}

function clip(b: Box, width: number, height: number): Box {
  const x = Math.max(0, b.x);
  const y = Math.max(0, b.y);
  return { x, y, width: Math.min(width, b.x + b.width) - x, height: Math.min(height, b.y + b.height) - y };
}
