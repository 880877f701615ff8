import { inflateSync } from 'node:zlib';

/**
 * Provenance in the AUTOMATIC1111 shape: a PNG text chunk with keyword `parameters`
 * holding "prompt\nNegative prompt: …\nSteps: 20, Sampler: …, Size: WxH, Model: …".
 * Tools that read A1111 pictures (its PNG Info tab, Civitai, ComfyUI loaders) read ours too.
 */
export interface GenerationParameters {
  prompt: string;
  negativePrompt: string;
  /** The settings line in order, e.g. Steps, Sampler, CFG scale, Seed, Size, Model. */
  settings: Record<string, string>;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const NEGATIVE = 'Negative prompt: ';

// Node 20 has no zlib.crc32, so the PNG CRC-32 (ISO 3309, polynomial 0xEDB88320) is tabled here.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** One PNG chunk: length, type, data, CRC over type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

interface Chunk {
  type: string;
  data: Buffer;
  start: number;
  end: number;
}

function chunks(png: Buffer): Chunk[] {
  if (png.length < 8 || !png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  const list: Chunk[] = [];
  for (let at = 8; at + 12 <= png.length; ) {
    const length = png.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > png.length) throw new Error('truncated PNG chunk');
    const type = png.toString('latin1', at + 4, at + 8);
    list.push({ type, data: png.subarray(at + 8, at + 8 + length), start: at, end });
    at = end;
    if (type === 'IEND') break;
  }
  return list;
}

/**
 * Adds a text chunk right after IHDR, replacing any text chunk with the same keyword.
 * Latin-1 text goes in tEXt as A1111 writes it; anything else (a zh_TW prompt) in an
 * uncompressed iTXt, which is UTF-8 by definition, as A1111 does for non-Latin-1 text.
 */
export function writePngText(png: Buffer, keyword: string, text: string): Buffer {
  const list = chunks(png);
  const ihdr = list[0];
  if (ihdr?.type !== 'IHDR') throw new Error('PNG without IHDR first');
  const latin1 = Buffer.from(text, 'latin1').toString('latin1') === text;
  const chunk = latin1
    ? pngChunk('tEXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')]))
    : pngChunk('iTXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(text, 'utf8')]));
  const kept = list.slice(1).filter((c) => readTextChunk(c)?.keyword !== keyword);
  return Buffer.concat([SIGNATURE, png.subarray(ihdr.start, ihdr.end), chunk, ...kept.map((c) => png.subarray(c.start, c.end))]);
}

function readTextChunk(chunk: Chunk): { keyword: string; text: string } | null {
  const zero = chunk.data.indexOf(0);
  if (zero < 0) return null;
  const keyword = chunk.data.toString('latin1', 0, zero);
  const rest = chunk.data.subarray(zero + 1);
  if (chunk.type === 'tEXt') return { keyword, text: rest.toString('latin1') };
  if (chunk.type === 'zTXt') return { keyword, text: inflateSync(rest.subarray(1)).toString('latin1') };
  if (chunk.type !== 'iTXt') return null;
  // iTXt: compression flag, method, language tag\0, translated keyword\0, UTF-8 text
  const compressed = rest[0] === 1;
  const language = rest.indexOf(0, 2);
  const translated = rest.indexOf(0, language + 1);
  if (language < 0 || translated < 0) return null;
  const body = rest.subarray(translated + 1);
  return { keyword, text: (compressed ? inflateSync(body) : body).toString('utf8') };
}

/** Every tEXt, zTXt and iTXt chunk of a PNG by keyword. */
export function readPngText(png: Buffer): Map<string, string> {
  const found = new Map<string, string>();
  for (const chunk of chunks(png)) {
    const text = readTextChunk(chunk);
    if (text) found.set(text.keyword, text.text);
  }
  return found;
}

// A1111 quotes a setting when it holds a comma, colon or quote, JSON-style.
function formatValue(value: string): string {
  return /[,:"\n]/.test(value) ? JSON.stringify(value) : value;
}

/** The `parameters` text exactly as AUTOMATIC1111 lays it out. */
export function formatParameters(p: GenerationParameters): string {
  const settings = Object.entries(p.settings)
    .map(([k, v]) => `${k}: ${formatValue(v)}`)
    .join(', ');
  return [p.prompt, ...(p.negativePrompt ? [`${NEGATIVE}${p.negativePrompt}`] : []), settings].join('\n');
}

// One "Key: value" of the settings line; a value is a JSON string or runs to the next comma.
const SETTING = /\s*([\w][\w \-/]*):\s*("(?:\\.|[^\\"])*"|[^,]*)(?:,|$)/g;

/**
 * Parses A1111 `parameters` text back. The last line is the settings line when it holds
 * "Steps:" or at least three settings, as A1111's own reader decides; the prompt may span
 * lines and ends where "Negative prompt: " starts.
 */
export function parseParameters(text: string): GenerationParameters {
  const lines = text.trim().split('\n');
  const last = lines.at(-1) ?? '';
  const settings: Record<string, string> = {};
  const matches = [...last.matchAll(SETTING)].filter((m) => m[0].trim() !== '');
  if (lines.length > 1 && (last.includes('Steps:') || matches.length >= 3)) {
    lines.pop();
    for (const [, key, raw] of matches) settings[key!.trim()] = raw!.startsWith('"') ? (JSON.parse(raw!) as string) : raw!.trim();
  }
  const negativeAt = lines.findIndex((l) => l.startsWith(NEGATIVE));
  const prompt = (negativeAt < 0 ? lines : lines.slice(0, negativeAt)).join('\n');
  const negativePrompt = negativeAt < 0 ? '' : lines.slice(negativeAt).join('\n').slice(NEGATIVE.length);
  return { prompt, negativePrompt, settings };
}

/** Writes the `parameters` chunk into a PNG. */
export function withParameters(png: Buffer, p: GenerationParameters): Buffer {
  return writePngText(png, 'parameters', formatParameters(p));
}

/** Reads the `parameters` chunk of a PNG, or null when it has none. */
export function readParameters(png: Buffer): GenerationParameters | null {
  const text = readPngText(png).get('parameters');
  return text === undefined ? null : parseParameters(text);
}
