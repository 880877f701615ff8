import { crc32, inflateSync } from 'node:zlib';
import { CardError, MAX_UNCOMPRESSED_BYTES } from './types.ts';

/** PNG reading and writing at the chunk level: enough to carry card text, no image decoding. */

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The keywords of the text chunks that carry a card: V2 JSON and V3 JSON, both base64. */
export type CardKeyword = 'chara' | 'ccv3';
const CARD_KEYWORDS: readonly string[] = ['chara', 'ccv3'];
const TEXT_TYPES = new Set(['tEXt', 'zTXt', 'iTXt']);

export interface PngChunk {
  type: string;
  data: Buffer;
}

export function isPng(bytes: Buffer): boolean {
  return bytes.length >= PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);
}

const corrupt = (why: string) => new CardError('corrupt_png', `The PNG file is damaged: ${why}.`);

/**
 * Every chunk up to IEND, each length and CRC checked: a damaged file is refused rather than
 * half read. Bytes after IEND are ignored, as PNG decoders do.
 */
export function readChunks(png: Buffer): PngChunk[] {
  if (!isPng(png)) throw corrupt('it does not start with the PNG signature');
  const chunks: PngChunk[] = [];
  let at = PNG_SIGNATURE.length;
  for (;;) {
    if (at + 12 > png.length) throw corrupt(`it ends inside a chunk header at byte ${at}`);
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) throw corrupt(`invalid chunk type at byte ${at + 4}`);
    if (length > 0x7fffffff || at + 12 + length > png.length) throw corrupt(`the ${type} chunk at byte ${at} is cut short`);
    const stored = png.readUInt32BE(at + 8 + length);
    if (crc32(png.subarray(at + 4, at + 8 + length)) !== stored) throw corrupt(`the ${type} chunk at byte ${at} fails its CRC check`);
    if (chunks.length === 0 && type !== 'IHDR') throw corrupt('the first chunk is not IHDR');
    chunks.push({ type, data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
    if (type === 'IEND') return chunks;
  }
}

export function writePng(chunks: PngChunk[]): Buffer {
  const parts: Buffer[] = [PNG_SIGNATURE];
  for (const { type, data } of chunks) {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    parts.push(head, data, crc);
  }
  return Buffer.concat(parts);
}

function keywordOf(chunk: PngChunk): string | null {
  if (!TEXT_TYPES.has(chunk.type)) return null;
  const end = chunk.data.indexOf(0);
  return end > 0 ? chunk.data.toString('latin1', 0, end) : null;
}

function inflate(data: Buffer, keyword: string): Buffer {
  try {
    return inflateSync(data, { maxOutputLength: MAX_UNCOMPRESSED_BYTES });
  } catch (error) {
    if (error instanceof RangeError) {
      throw new CardError('too_large', `The compressed "${keyword}" text in the PNG expands beyond ${MAX_UNCOMPRESSED_BYTES} bytes.`);
    }
    throw corrupt(`the compressed "${keyword}" text cannot be decompressed`);
  }
}

/** The text of a tEXt, zTXt or iTXt chunk (PNG spec §11.3.4). */
function textOf(chunk: PngChunk, keyword: string): string {
  const body = chunk.data.subarray(keyword.length + 1);
  if (chunk.type === 'tEXt') return body.toString('latin1');
  if (chunk.type === 'zTXt') {
    if (body.length < 1 || body[0] !== 0) throw corrupt(`the "${keyword}" zTXt chunk has an unknown compression method`);
    return inflate(body.subarray(1), keyword).toString('latin1');
  }
  // iTXt: compression flag, compression method, language tag\0, translated keyword\0, UTF-8 text
  const languageEnd = body.indexOf(0, 2);
  const translatedEnd = languageEnd < 0 ? -1 : body.indexOf(0, languageEnd + 1);
  if (body.length < 2 || translatedEnd < 0) throw corrupt(`the "${keyword}" iTXt chunk is malformed`);
  const text = body.subarray(translatedEnd + 1);
  if (body[0] === 0) return text.toString('utf8');
  if (body[0] !== 1 || body[1] !== 0) throw corrupt(`the "${keyword}" iTXt chunk has an unknown compression`);
  return inflate(text, keyword).toString('utf8');
}

/** The card texts found, by keyword; when a keyword appears twice the later chunk wins. */
export function readCardTexts(chunks: PngChunk[]): Partial<Record<CardKeyword, string>> {
  const texts: Partial<Record<CardKeyword, string>> = {};
  for (const chunk of chunks) {
    const keyword = keywordOf(chunk);
    if (keyword === 'chara' || keyword === 'ccv3') texts[keyword] = textOf(chunk, keyword);
  }
  return texts;
}

/** The chunks without any card text, so that a stored avatar does not carry a stale card. */
export function withoutCardChunks(chunks: PngChunk[]): PngChunk[] {
  return chunks.filter((chunk) => !CARD_KEYWORDS.includes(keywordOf(chunk) ?? ''));
}

function textChunk(keyword: CardKeyword, text: string): PngChunk {
  return { type: 'tEXt', data: Buffer.concat([Buffer.from(`${keyword}\0`, 'latin1'), Buffer.from(text, 'latin1')]) };
}

/** The PNG with its card chunks replaced by these (placed before IEND, as SillyTavern does). */
export function withCardTexts(png: Buffer, texts: Record<CardKeyword, string>): Buffer {
  const kept = withoutCardChunks(readChunks(png));
  const end = kept.length - 1;
  return writePng([...kept.slice(0, end), textChunk('chara', texts.chara), textChunk('ccv3', texts.ccv3), kept[end]]);
}
