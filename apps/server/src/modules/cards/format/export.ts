import sharp from 'sharp';
import { CHARX_ICON_URI, DEFAULT_ICON_URI } from './assets.ts';
import { writeCharx } from './charx.ts';
import { cardJson, type ExportSpec } from './mapping.ts';
import { isPng, readChunks, withCardTexts, withoutCardChunks, writePng } from './png.ts';
import { CardError, type CardAgent, type CardAssetFile } from './types.ts';

/** Writing an agent as a character card: PNG (V2 and V3 inside), JSON, or CHARX. */

export const PLACEHOLDER_WIDTH = 400;
export const PLACEHOLDER_HEIGHT = 600;

/** A plain 400×600 image for cards of agents without an avatar: a PNG card needs an image. */
export function placeholderAvatar(): Promise<Buffer> {
  return sharp({
    create: { width: PLACEHOLDER_WIDTH, height: PLACEHOLDER_HEIGHT, channels: 3, background: { r: 0x2b, g: 0x2d, b: 0x42 } },
  })
    .png()
    .toBuffer();
}

/**
 * The avatar as a checked PNG without any card it carried (a stale card in a CHARX icon would
 * contradict card.json); other image types are converted, which also drops their metadata.
 */
async function asPng(avatar: Buffer | null): Promise<Buffer> {
  if (!avatar) return placeholderAvatar();
  try {
    if (isPng(avatar)) return writePng(withoutCardChunks(readChunks(avatar)));
    return await sharp(avatar).png().toBuffer();
  } catch {
    throw new CardError('bad_image', "The agent's avatar is not a readable image.");
  }
}

const base64 = (json: Record<string, unknown>) => Buffer.from(JSON.stringify(json), 'utf8').toString('base64');

/** The card as JSON text: V3 unless V2 is asked for. Indented, since people open these files. */
export function exportCardJson(agent: CardAgent, spec: ExportSpec = 'v3'): string {
  return JSON.stringify(cardJson(agent, spec, DEFAULT_ICON_URI), null, 2);
}

/**
 * The avatar (or a placeholder) as a PNG carrying `chara` (V2) and `ccv3` (V3), replacing
 * any card chunks the image already had. The V3 main icon is `ccdefault:`: the PNG itself.
 */
export async function exportCardPng(agent: CardAgent, avatar: Buffer | null): Promise<Buffer> {
  const png = await asPng(avatar);
  return withCardTexts(png, {
    chara: base64(cardJson(agent, 'v2', null)),
    ccv3: base64(cardJson(agent, 'v3', DEFAULT_ICON_URI)),
  });
}

/**
 * A CHARX archive: `card.json` (V3), the files of its kept embedded assets (those given in
 * `assetFiles`; an asset without its file is left out) and, when there is an avatar, the icon.
 */
export async function exportCardCharx(agent: CardAgent, avatar: Buffer | null, assetFiles: CardAssetFile[] = []): Promise<Buffer> {
  const icon = avatar ? await asPng(avatar) : null;
  const paths = new Set(assetFiles.map((file) => file.path));
  return writeCharx(JSON.stringify(cardJson(agent, 'v3', icon ? CHARX_ICON_URI : null, (path) => paths.has(path))), icon, assetFiles);
}
