import { seededRandom } from '../random.ts';
import { avatarSvg, type Ears, type HairStyle } from './avatar.ts';
import type { ImageModel } from './image-model.ts';
import type { PaletteName } from './palettes.ts';
import { PROCEDURAL_IMAGE_ENGINE, rasterize } from './procedural.ts';

// Each style the contract offers gets its own colours; unknown styles still draw (another caller may send free text).
const STYLE_PALETTES: Record<string, PaletteName> = {
  anime: 'starlit',
  cartoon: 'mint',
  realistic: 'ocean',
  fantasy: 'violet',
  cyberpunk: 'ember',
  watercolor: 'rose',
};
const PALETTE_NAMES: PaletteName[] = ['starlit', 'aurora', 'dusk', 'rose', 'ocean', 'ember', 'mint', 'violet'];
const HAIRS: HairStyle[] = ['long', 'short', 'bun', 'spiky'];
const HAIR_COLOURS = ['#2b2340', '#c9b6ff', '#ff9ec4', '#ff7a3d', '#f5e6a8', '#6fe3ff', '#8a5a3c', '#e8e8f0'];
const EARS: Ears[] = ['none', 'none', 'none', 'cat', 'fox'];

/**
 * The procedural portrait engine behind the ImageModel interface. It draws no picture of
 * the words: the same prompt and style always give the same portrait, and words such as
 * "cat" or "fox" choose ears. Its engine name says it is offline and procedural.
 */
export function offlineImageModel(): ImageModel {
  return {
    engine: PROCEDURAL_IMAGE_ENGINE,
    async generate(request) {
      const text = request.prompt.toLowerCase();
      const random = seededRandom(`${request.style}\n${request.prompt}`);
      const palette = STYLE_PALETTES[request.style] ?? random.pick(PALETTE_NAMES);
      const ears: Ears = /\bfox\b/.test(text) ? 'fox' : /\b(cat|neko)\b/.test(text) ? 'cat' : random.pick(EARS);
      const svg = avatarSvg({
        seed: request.prompt,
        palette,
        hair: random.pick(HAIRS),
        hairColour: random.pick(HAIR_COLOURS),
        ears,
        size: Math.min(request.width, request.height),
      });
      return { image: await rasterize(svg, 'png'), contentType: 'image/png', engine: PROCEDURAL_IMAGE_ENGINE };
    },
  };
}
