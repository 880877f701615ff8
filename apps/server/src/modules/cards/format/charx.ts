import { strToU8, zipSync, type Zippable } from 'fflate';
import { CHARX_ICON_PATH } from './assets.ts';
import type { CardAssetFile } from './types.ts';

/** CHARX (V3 spec): a zip holding `card.json` and the files its assets point at. */

export const CHARX_CARD_PATH = 'card.json';

export function isZip(bytes: Buffer): boolean {
  // a local file header, or the end record of an empty archive
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
}

/**
 * A CHARX archive: the card, the files of its kept assets at their paths, and the icon at the
 * path its V3 `assets` give when there is one (the icon and the card win over an asset file).
 */
export function writeCharx(cardJson: string, iconPng: Buffer | null, assetFiles: CardAssetFile[] = []): Buffer {
  const files: Zippable = {};
  for (const { path, bytes } of assetFiles) files[path] = new Uint8Array(bytes);
  files[CHARX_CARD_PATH] = strToU8(cardJson);
  // PNG data is already deflated; storing it saves time and nothing else
  if (iconPng) files[CHARX_ICON_PATH] = [new Uint8Array(iconPng), { level: 0 }];
  return Buffer.from(zipSync(files, { level: 6 }));
}
