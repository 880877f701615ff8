import sharp from 'sharp';
import type { ImageRatio } from '../image/ratio.ts';
import type { ComicLang, ComicPanel } from './comic-script.ts';
import type { Box } from './faces.ts';
import { fitText } from './text-block.ts';
import { shorten, squash } from './text-fit.ts';

/** Every cell of a page has this ratio: draw panels at it (ratioSize(PANEL_RATIO)) and they are placed whole. */
export const PANEL_RATIO: ImageRatio = '4:3';
export const DEFAULT_PAGE_WIDTH = 1200;
/** Panels per row, top to bottom; other counts go two to a row. */
const ROWS: Record<number, number[]> = { 4: [2, 2], 5: [2, 3], 6: [2, 2, 2] };
const PAPER = '#fbfaf5';
const INK = '#141414';

export interface PageLayout {
  width: number;
  height: number;
  title: Box;
  /** One cell per panel, in reading order. */
  cells: Box[];
}

/**
 * Where the title and each panel go on a page `width` pixels wide: rows of cells of PANEL_RATIO
 * between margins and gutters, so a row of three has smaller panels than a row of two.
 */
export function pageLayout(count: number, width = DEFAULT_PAGE_WIDTH): PageLayout {
  const margin = Math.round(width * 0.035);
  const gutter = Math.round(width * 0.02);
  const titleHeight = Math.round(width * 0.085);
  const rows = ROWS[count] ?? Array.from({ length: Math.ceil(count / 2) }, (_, i) => Math.min(2, count - i * 2));
  const cells: Box[] = [];
  let y = margin + titleHeight + gutter;
  for (const perRow of rows) {
    const cellWidth = Math.floor((width - 2 * margin - (perRow - 1) * gutter) / perRow);
    const cellHeight = Math.round((cellWidth * 3) / 4);
    for (let k = 0; k < perRow; k++) cells.push({ x: margin + k * (cellWidth + gutter), y, width: cellWidth, height: cellHeight });
    y += cellHeight + gutter;
  }
  return { width, height: y - gutter + margin, title: { x: margin, y: margin, width: width - 2 * margin, height: titleHeight }, cells };
}

/**
 * One PNG page: the title on top, then the panels in reading order, each scaled to its cell
 * (cropped from the centre when it is not PANEL_RATIO) and framed in ink.
 */
export async function composePage(panels: Buffer[], opts: { title: string; lang: ComicLang; width?: number }): Promise<Buffer> {
  const layout = pageLayout(panels.length, opts.width);
  const { title: band } = layout;
  // Chinese characters are square and wide: a little smaller keeps a title of the same length on one line
  const start = band.height * (opts.lang === 'zh_TW' ? 0.58 : 0.62);
  const title = await fitText(squash(opts.title), { maxWidth: band.width, maxHeight: band.height, size: start, minSize: band.height * 0.25, bold: true, colour: INK, aspect: 20 });
  const cells = await Promise.all(
    panels.map(async (panel, i) => {
      const cell = layout.cells[i]!;
      return { input: await sharp(panel).resize(cell.width, cell.height, { fit: 'cover' }).png().toBuffer(), left: cell.x, top: cell.y };
    }),
  );
  const border = Math.max(3, Math.round(layout.width * 0.003));
  const frames = layout.cells
    .map((c) => `<rect x="${c.x + border / 2}" y="${c.y + border / 2}" width="${c.width - border}" height="${c.height - border}" fill="none" stroke="${INK}" stroke-width="${border}"/>`)
    .join('');
  const rule = `<rect x="${band.x}" y="${band.y + band.height - border}" width="${band.width}" height="${border}" fill="${INK}"/>`;
  return sharp({ create: { width: layout.width, height: layout.height, channels: 3, background: PAPER } })
    .composite([
      ...cells,
      { input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}">${frames}${rule}</svg>`), left: 0, top: 0 },
      { input: title.png, left: Math.round(band.x + (band.width - title.width) / 2), top: Math.round(band.y + (band.height - border - title.height) / 2) },
    ])
    .png()
    .toBuffer();
}

/**
 * The image engine's prompt for one panel: the panel's scene, the place, a comic look and no
 * lettering (the engine's own letters would be garbled; ours come after), then a `Character:`
 * line naming the agent the same way in every panel with its own words, so each panel draws
 * the same character (and the offline engine draws a character at all).
 */
export function panelPrompt(panel: ComicPanel, opts: { agentName: string; agentWords: string; scene: string }): string {
  const name = squash(opts.agentName);
  const scene = squash(panel.scene);
  const shown = scene.includes(name) ? scene : `${name}: ${scene}`;
  const words = shorten(opts.agentWords, 240);
  return `${shown}. Setting: ${squash(opts.scene)}. Comic panel, clean ink outlines, flat colours, expressive faces, no text, no speech balloons.\nCharacter: ${name}${words ? `, ${words}` : ''}`;
}
