import { keptAssetPaths, mainIconPath } from './assets.ts';
import { CHARX_CARD_PATH, isZip } from './charx.ts';
import { agentFromJson, type MappedCard } from './mapping.ts';
import { isPng, readCardTexts, readChunks, withoutCardChunks, writePng } from './png.ts';
import { isRecord } from './starlit-extension.ts';
import { CardError, MAX_CARD_BYTES, type ImportedCard } from './types.ts';
import { openZip } from './zip.ts';

/** Reading a card file of any supported format, recognised by its content, never its name. */

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
// one flat character class: a repeated group (a{4})* recurses per match in V8 and
// overflows the stack on a few megabytes of text
const BASE64_CHARACTERS = /^[A-Za-z0-9+/]*(={0,2})$/;

/** Whether `text` is base64: padding is optional, but when present the length must come out whole. */
function isBase64(text: string): boolean {
  const match = BASE64_CHARACTERS.exec(text);
  if (!match) return false;
  return match[1] === '' ? text.length % 4 !== 1 : text.length % 4 === 0;
}

function decodeUtf8(bytes: Uint8Array, what: string): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new CardError('bad_json', `${what} is not UTF-8 text.`);
  }
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new CardError('bad_json', `${what} is not valid JSON.`);
  }
}

/** A PNG text chunk's card: base64 of UTF-8 JSON, with line breaks tolerated. */
function cardFromChunkText(text: string, keyword: string): MappedCard {
  const base64 = text.replace(/\s+/g, '');
  if (!isBase64(base64)) {
    throw new CardError('bad_base64', `The "${keyword}" text in the PNG is not valid base64.`);
  }
  const json = decodeUtf8(Buffer.from(base64, 'base64'), `The "${keyword}" card in the PNG`);
  return agentFromJson(parseJson(json, `The "${keyword}" card in the PNG`));
}

function importPng(bytes: Buffer): ImportedCard {
  const chunks = readChunks(bytes);
  const { ccv3, chara } = readCardTexts(chunks);
  const avatar = writePng(withoutCardChunks(chunks));
  if (ccv3 === undefined) {
    if (chara === undefined) throw new CardError('not_a_card', 'The PNG carries no character card (no "chara" or "ccv3" text).');
    return { ...cardFromChunkText(chara, 'chara'), avatar, assetFiles: [] };
  }
  try {
    return { ...cardFromChunkText(ccv3, 'ccv3'), avatar, assetFiles: [] };
  } catch (error) {
    // the V2 copy is still the same character, and older tools only ever wrote that one
    if (!(error instanceof CardError) || chara === undefined) throw error;
    const fallback = cardFromChunkText(chara, 'chara');
    const warning = `The V3 card in the PNG could not be read (${error.message}); its V2 copy was used.`;
    return { ...fallback, avatar, assetFiles: [], warnings: [warning, ...fallback.warnings] };
  }
}

function importCharx(bytes: Buffer): ImportedCard {
  const zip = openZip(bytes);
  const cardBytes = zip.read(CHARX_CARD_PATH);
  if (!cardBytes) throw new CardError('not_a_card', `The zip file has no ${CHARX_CARD_PATH}, so it is not a CHARX card.`);
  const what = `The archive's ${CHARX_CARD_PATH}`;
  const card = parseJson(decodeUtf8(cardBytes, what), what);
  const names = new Set(zip.names);
  const mapped = agentFromJson(card, (path) => names.has(path));
  const iconPath = isRecord(card) && isRecord(card.data) ? mainIconPath(card.data.assets) : null;
  const avatar = iconPath ? zip.read(iconPath) : null;
  const assetFiles = [...new Set(keptAssetPaths(mapped.agent.extra.data.assets))].flatMap((path) => {
    const bytes = zip.read(path);
    return bytes ? [{ path, bytes }] : [];
  });
  if (iconPath && !avatar) {
    return { ...mapped, avatar, assetFiles, warnings: [...mapped.warnings, `The card's icon ${iconPath} is missing from the archive.`] };
  }
  return { ...mapped, avatar, assetFiles };
}

function importJson(bytes: Buffer): ImportedCard {
  let text = '';
  try {
    text = utf8.decode(bytes);
  } catch {
    // binary that is neither PNG nor zip (a JPEG, say) falls through to here
  }
  if (!/^\s*[{[]/.test(text)) {
    throw new CardError('not_a_card', 'The file is not a character card: it is neither a PNG, a CHARX archive nor JSON.');
  }
  return { ...agentFromJson(parseJson(text, 'The file')), avatar: null, assetFiles: [] };
}

/**
 * The agent in a character card file: a PNG with `ccv3` and/or `chara` text, a CHARX archive
 * or V1/V2/V3 JSON. Texts come back whole, even where they break Starlit's limits. Anything
 * else is a CardError.
 */
export function importCard(bytes: Buffer): ImportedCard {
  if (bytes.length > MAX_CARD_BYTES) throw new CardError('too_large', `A card file may be at most ${MAX_CARD_BYTES} bytes.`);
  if (isPng(bytes)) return importPng(bytes);
  if (isZip(bytes)) return importCharx(bytes);
  return importJson(bytes);
}
