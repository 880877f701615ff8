/**
 * The glTF binary container (glTF 2.0 spec §4.4): a 12-byte header (magic, version 2, total
 * length), a JSON chunk padded with spaces and an optional BIN chunk padded with zeros. Written
 * for the built-in avatar model and the dance engine's `.vrma` files, read to check uploads.
 */
export const GLB_MAGIC = 0x46546c67; // "glTF"
export const CHUNK_JSON = 0x4e4f534a; // "JSON"
export const CHUNK_BIN = 0x004e4942; // "BIN\0"

/** Accessor component types (glTF 2.0 spec §3.6.2.2). */
export const COMPONENT = { FLOAT: 5126, UNSIGNED_SHORT: 5123 } as const;
/** Buffer view targets: vertex attributes and indices. */
export const TARGET = { ARRAY_BUFFER: 34962, ELEMENT_ARRAY_BUFFER: 34963 } as const;

type AccessorType = 'SCALAR' | 'VEC3' | 'VEC4';
const WIDTH: Record<AccessorType, number> = { SCALAR: 1, VEC3: 3, VEC4: 4 };

/** The JSON of a glTF binary, or a reason it is not one. */
export function readGlbJson(file: Buffer): { json: Record<string, unknown> } | { problem: string } {
  if (file.length < 20) return { problem: 'too short for a glTF binary' };
  if (file.readUInt32LE(0) !== GLB_MAGIC) return { problem: 'no glTF magic' };
  if (file.readUInt32LE(4) !== 2) return { problem: `glTF version ${file.readUInt32LE(4)}, not 2` };
  if (file.readUInt32LE(8) !== file.length) return { problem: 'declared length differs from the file' };
  const chunkLength = file.readUInt32LE(12);
  if (file.readUInt32LE(16) !== CHUNK_JSON) return { problem: 'first chunk is not JSON' };
  if (20 + chunkLength > file.length) return { problem: 'JSON chunk runs past the end' };
  try {
    const json = JSON.parse(file.subarray(20, 20 + chunkLength).toString('utf8')) as unknown;
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return { problem: 'JSON chunk is not an object' };
    return { json: json as Record<string, unknown> };
  } catch {
    return { problem: 'JSON chunk does not parse' };
  }
}

/** The JSON and the BIN chunk (empty when there is none) of a glTF binary, or a reason it is not one. */
export function readGlb(file: Buffer): { json: Record<string, unknown>; bin: Buffer } | { problem: string } {
  const read = readGlbJson(file);
  if ('problem' in read) return read;
  const binAt = 20 + file.readUInt32LE(12);
  if (binAt + 8 > file.length) return { json: read.json, bin: Buffer.alloc(0) };
  const length = file.readUInt32LE(binAt);
  if (file.readUInt32LE(binAt + 4) !== CHUNK_BIN) return { problem: 'second chunk is not BIN' };
  if (binAt + 8 + length > file.length) return { problem: 'BIN chunk runs past the end' };
  return { json: read.json, bin: file.subarray(binAt + 8, binAt + 8 + length) };
}

function padded(data: Buffer, fill: number): Buffer {
  const rest = (4 - (data.length % 4)) % 4;
  return rest ? Buffer.concat([data, Buffer.alloc(rest, fill)]) : data;
}

/** Writes a glTF binary from its JSON and binary buffer. */
export function writeGlb(json: unknown, bin: Buffer): Buffer {
  return writeGlbText(JSON.stringify(json), bin);
}

/** Writes a glTF binary from its JSON text and binary buffer. */
export function writeGlbText(json: string, bin: Buffer): Buffer {
  const jsonChunk = padded(Buffer.from(json, 'utf8'), 0x20);
  const binChunk = padded(bin, 0);
  const header = Buffer.alloc(12);
  const total = 12 + 8 + jsonChunk.length + 8 + binChunk.length;
  header.writeUInt32LE(GLB_MAGIC, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(total, 8);
  const chunkHeader = (length: number, type: number) => {
    const b = Buffer.alloc(8);
    b.writeUInt32LE(length, 0);
    b.writeUInt32LE(type, 4);
    return b;
  };
  return Buffer.concat([header, chunkHeader(jsonChunk.length, CHUNK_JSON), jsonChunk, chunkHeader(binChunk.length, CHUNK_BIN), binChunk]);
}

export interface BufferView {
  buffer: 0;
  byteOffset: number;
  byteLength: number;
  target?: number;
}

export interface Accessor {
  bufferView: number;
  componentType: number;
  count: number;
  type: AccessorType;
  min?: number[];
  max?: number[];
}

/**
 * The one binary buffer of a glTF binary, filled accessor by accessor: each gets its own buffer
 * view, starting on a 4-byte boundary so every component type stays aligned (spec §3.6.2.4).
 */
export class GlbBuffer {
  readonly bufferViews: BufferView[] = [];
  readonly accessors: Accessor[] = [];
  private readonly chunks: Buffer[] = [];
  private length = 0;

  /** Adds `values` as an accessor of `type` and answers its index. */
  add(values: Float32Array | Uint16Array, type: AccessorType, options: { target?: number; min?: number[]; max?: number[] } = {}): number {
    const gap = (4 - (this.length % 4)) % 4;
    if (gap) this.append(Buffer.alloc(gap));
    const bytes = Buffer.from(values.buffer, values.byteOffset, values.byteLength);
    this.bufferViews.push({ buffer: 0, byteOffset: this.length, byteLength: bytes.length, ...(options.target ? { target: options.target } : {}) });
    this.append(bytes);
    const componentType = values instanceof Float32Array ? COMPONENT.FLOAT : COMPONENT.UNSIGNED_SHORT;
    const { min, max } = options;
    this.accessors.push({ bufferView: this.bufferViews.length - 1, componentType, count: values.length / WIDTH[type], type, ...(min ? { min } : {}), ...(max ? { max } : {}) });
    return this.accessors.length - 1;
  }

  /** The buffer's bytes, for the BIN chunk; its length is `buffers[0].byteLength`. */
  bin(): Buffer {
    return Buffer.concat(this.chunks, this.length);
  }

  private append(bytes: Buffer) {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }
}
