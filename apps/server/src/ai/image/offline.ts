import sharp from 'sharp';
import { seededRandom } from '../random.ts';
import { avatarSvg, type Ears, type HairStyle } from './avatar.ts';
import { drawIllustration } from './illustration.ts';
import { clampStrength, targetSize, type ImageModel, type ImageRequest } from './image-model.ts';
import { PALETTES, type PaletteName } from './palettes.ts';
import { withParameters } from './png-parameters.ts';
import { PROCEDURAL_IMAGE_ENGINE, rasterize } from './procedural.ts';
import { DEFAULT_LONG_SIDE, ratioSize } from './ratio.ts';
import { restyle, STYLE_PALETTES } from './style-filters.ts';

const PALETTE_NAMES: PaletteName[] = ['starlit', 'aurora', 'dusk', 'rose', 'ocean', 'ember', 'mint', 'violet'];
const HAIRS: HairStyle[] = ['long', 'short', 'bun', 'spiky'];
const HAIR_COLOURS = ['#2b2340', '#c9b6ff', '#ff9ec4', '#ff7a3d', '#f5e6a8', '#6fe3ff', '#8a5a3c', '#e8e8f0'];
const EARS: Ears[] = ['none', 'none', 'none', 'cat', 'fox'];

/** An avatar: the procedural portrait the words and style choose (not the seed), square or set on the palette's sky. */
async function avatarPortrait(request: ImageRequest, width: number, height: number): Promise<Buffer> {
  const text = request.prompt.toLowerCase();
  const random = seededRandom(`${request.style}\n${request.prompt}`);
  const palette = STYLE_PALETTES[request.style] ?? random.pick(PALETTE_NAMES);
  const ears: Ears = /\bfox\b/.test(text) ? 'fox' : /\b(cat|neko)\b/.test(text) ? 'cat' : random.pick(EARS);
  const side = Math.min(width, height);
  const svg = avatarSvg({ seed: request.prompt, palette, hair: random.pick(HAIRS), hairColour: random.pick(HAIR_COLOURS), ears, size: side });
  const portrait = await rasterize(svg, 'png');
  if (side === width && side === height) return portrait;
  const sky = PALETTES[palette].sky;
  const backdrop = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="0.6" stop-color="${sky[1]}"/><stop offset="1" stop-color="${sky[2]}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#s)"/></svg>`;
  return sharp(Buffer.from(backdrop))
    .composite([{ input: portrait, left: Math.round((width - side) / 2), top: Math.round((height - side) / 2) }])
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/**
 * The offline procedural engine behind the ImageModel interface. Text to image paints what
 * the words say within what it can draw (see illustration.ts and scene-words.ts): a scene,
 * and a character in front only when the words name one or a picture of it is given; an
 * avatar request (`portrait`) draws the portrait alone. Image to image restyles the
 * reference with real filters (see style-filters.ts). Its engine name says it is offline.
 */
export function offlineImageModel(): ImageModel {
  return {
    engine: PROCEDURAL_IMAGE_ENGINE,
    async generate(request) {
      const { width, height } = targetSize(request);
      const base = { Size: `${width}x${height}`, Model: PROCEDURAL_IMAGE_ENGINE, Style: request.style };
      // an avatar is chosen by the words and style alone, so its settings carry no Seed
      const [image, settings] = request.portrait
        ? [await avatarPortrait(request, width, height), base]
        : [
            await drawIllustration({ prompt: request.prompt, style: request.style, seed: request.seed, width, height, referenceImage: request.referenceImage }),
            { Seed: String(request.seed), ...base },
          ];
      return { image: withParameters(image, { prompt: request.prompt, negativePrompt: '', settings }), contentType: 'image/png', engine: PROCEDURAL_IMAGE_ENGINE };
    },
    async img2Img(request) {
      const { width, height } = ratioSize(request.ratio, request.longSide ?? DEFAULT_LONG_SIDE);
      const strength = clampStrength(request.strength);
      const image = await restyle(request.reference, request.style, strength, width, height, `${request.seed}`);
      const settings = { Seed: String(request.seed), Size: `${width}x${height}`, Model: PROCEDURAL_IMAGE_ENGINE, Style: request.style, 'Denoising strength': String(strength) };
      return { image: withParameters(image, { prompt: request.prompt, negativePrompt: '', settings }), contentType: 'image/png', engine: PROCEDURAL_IMAGE_ENGINE };
    },
  };
}
