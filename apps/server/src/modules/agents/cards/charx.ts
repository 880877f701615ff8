import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { CHARX_ICON_PATH } from './assets.ts';
import { CardError, MAX_UNCOMPRESSED_BYTES, MAX_ZIP_ENTRIES } from './types.ts';

/** CHARX (V3 spec): a zip holding `card.json` and the files its assets point at. */

export const CHARX_CARD_PATH = 'card.json';

export function isZip(bytes: Buffer): boolean {
  // a local file header, or the end record of an empty archive
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
}

/**
 * The named entry's bytes, or null when the archive has no such entry. `budget` bounds what
 * may be inflated (an entry can appear twice, and a card reads two entries). Sizes are checked
 * from the central directory before anything is inflated, and fflate inflates into a buffer
 * of the declared size, so a zip bomb cannot make it allocate more than the limit.
 */
export function readZipEntry(zip: Buffer, name: string, budget: number = MAX_UNCOMPRESSED_BYTES): Buffer | null {
  let entries = 0;
  let expanded = 0;
  let found: Uint8Array | undefined;
  try {
    found = unzipSync(zip, {
      filter: (file) => {
        if (++entries > MAX_ZIP_ENTRIES) throw new CardError('too_large', `The CHARX archive has more than ${MAX_ZIP_ENTRIES} files.`);
        if (file.name !== name) return false;
        expanded += file.originalSize;
        if (expanded > budget) {
          throw new CardError('too_large', `The CHARX archive expands beyond ${MAX_UNCOMPRESSED_BYTES} bytes.`);
        }
        return true;
      },
    })[name];
  } catch (error) {
    if (error instanceof CardError) throw error;
    throw new CardError('corrupt_zip', 'The CHARX archive is damaged and cannot be read.');
  }
  return found ? Buffer.from(found.buffer, found.byteOffset, found.byteLength) : null;
}

/** A CHARX archive: the card, and the icon at the path its V3 `assets` give when there is one. */
export function writeCharx(cardJson: string, iconPng: Buffer | null): Buffer {
  const files: Zippable = { [CHARX_CARD_PATH]: strToU8(cardJson) };
  // PNG data is already deflated; storing it saves time and nothing else
  if (iconPng) files[CHARX_ICON_PATH] = [new Uint8Array(iconPng), { level: 0 }];
  return Buffer.from(zipSync(files, { level: 6 }));
}
