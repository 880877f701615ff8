import sharp, { type Sharp } from 'sharp';
import { SUBTITLE_FONT, wrapText } from './subtitles.ts';

/** Width and height of the video. */
export const VIDEO_SIZE = { width: 1280, height: 720 } as const;
/**
 * Stills are drawn this many times larger than the video: zoompan crops at whole pixels of
 * its input, so at twice the size the Ken Burns motion steps by half a video pixel and does
 * not judder.
 */
export const STILL_SCALE = 2;
const WIDTH = VIDEO_SIZE.width * STILL_SCALE;
const HEIGHT = VIDEO_SIZE.height * STILL_SCALE;
// the backdrop is blurred small and scaled up: the same look as a wide blur, at a fraction of the work
const BACKDROP_SHRINK = 16;
const BACKDROP_BRIGHTNESS = 0.42;

/** The panel cropped to fill 16:9, blurred and darkened, at full still size. */
async function backdrop(image: Buffer): Promise<Sharp> {
  const small = await sharp(image)
    .flatten({ background: '#000000' })
    .resize(WIDTH / BACKDROP_SHRINK, HEIGHT / BACKDROP_SHRINK, { fit: 'cover' })
    .blur(3)
    .modulate({ brightness: BACKDROP_BRIGHTNESS })
    .toBuffer();
  return sharp(small).resize(WIDTH, HEIGHT, { kernel: 'cubic' });
}

/**
 * A panel as one 16:9 still: the panel whole at full height (or full width, when it is wider
 * than the video) centred on a blurred, darkened copy of itself that fills the frame.
 */
export async function panelStill(image: Buffer): Promise<Buffer> {
  const panel = await sharp(image).flatten({ background: '#000000' }).resize(WIDTH, HEIGHT, { fit: 'inside' }).png().toBuffer();
  const { width = WIDTH, height = HEIGHT } = await sharp(panel).metadata();
  return (await backdrop(image))
    .composite([{ input: panel, left: Math.round((WIDTH - width) / 2), top: Math.round((HEIGHT - height) / 2) }])
    .removeAlpha()
    .png({ compressionLevel: 1 })
    .toBuffer();
}

const TITLE_FONT_SIZE = 64 * STILL_SCALE;
const TITLE_MAX_LINES = 3;

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The title card: the title, wrapped and centred in the CJK font, over the first panel's blurred backdrop. */
export async function titleStill(title: string, firstPanel: Buffer): Promise<Buffer> {
  const lines = wrapText(title, (WIDTH * 0.8) / TITLE_FONT_SIZE).slice(0, TITLE_MAX_LINES);
  const lineHeight = TITLE_FONT_SIZE * 1.3;
  const top = HEIGHT / 2 - ((lines.length - 1) * lineHeight) / 2;
  const text = lines.map((line, i) => `<tspan x="${WIDTH / 2}" y="${top + i * lineHeight}">${xml(line)}</tspan>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
<defs><filter id="s" x="-10%" y="-10%" width="120%" height="120%"><feDropShadow dx="0" dy="${4 * STILL_SCALE}" stdDeviation="${6 * STILL_SCALE}" flood-color="#000" flood-opacity="0.7"/></filter></defs>
<rect width="100%" height="100%" fill="#0b0b1e" fill-opacity="0.35"/>
<text font-family="${SUBTITLE_FONT}" font-weight="700" font-size="${TITLE_FONT_SIZE}" fill="#fff6dc" text-anchor="middle" dominant-baseline="middle" filter="url(#s)">${text}</text>
</svg>`;
  return (await backdrop(firstPanel))
    .composite([{ input: Buffer.from(svg) }])
    .removeAlpha()
    .png({ compressionLevel: 1 })
    .toBuffer();
}
