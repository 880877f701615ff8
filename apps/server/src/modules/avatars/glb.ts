/** glTF binary container (glTF 2.0 spec §4.4): a 12-byte header, a JSON chunk, an optional BIN chunk. */
const MAGIC = 0x46546c67; // "glTF"
const CHUNK_JSON = 0x4e4f534a; // "JSON"
const CHUNK_BIN = 0x004e4942; // "BIN\0"

/** The JSON of a glTF binary, or a reason it is not one. */
export function readGlbJson(file: Buffer): { json: Record<string, unknown> } | { problem: string } {
  if (file.length < 20) return { problem: 'too short for a glTF binary' };
  if (file.readUInt32LE(0) !== MAGIC) return { problem: 'no glTF magic' };
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

/** Whether a file is a VRM model: a valid glTF binary whose extensionsUsed names VRM 0.x or 1.0. */
export function isVrm(file: Buffer): boolean {
  const read = readGlbJson(file);
  if ('problem' in read) return false;
  const used = read.json.extensionsUsed;
  return Array.isArray(used) && (used.includes('VRM') || used.includes('VRMC_vrm'));
}

/** Bound on the JSON chunk of an uploaded model; real VRM files have well under 1 MB of JSON. */
export const MAX_GLTF_JSON_BYTES = 4 * 1024 * 1024;
/** Bound on how deeply its arrays and objects nest; glTF itself needs fewer than ten levels. */
export const MAX_GLTF_JSON_DEPTH = 64;

/** Why an uploaded model is refused. */
export type VrmProblem = 'not-vrm' | 'json-too-large' | 'too-deep' | 'not-gltf-2' | 'external-uri';

/**
 * How deeply the JSON text nests, counted without parsing so that a hostile file costs one
 * pass; stops counting once past `limit`. Brackets inside strings do not count.
 */
function nestingDepth(text: Buffer, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      deepest = Math.max(deepest, ++depth);
      if (deepest > limit) return deepest;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

// a GLB keeps its buffer in the BIN chunk and its images in buffer views; a data: URI is
// inside the file too. Anything else would make every viewer fetch from wherever it points.
const isInside = (item: unknown) => {
  if (typeof item !== 'object' || item === null || !('uri' in item)) return true;
  return typeof item.uri === 'string' && item.uri.startsWith('data:');
};

/**
 * What is wrong with an uploaded VRM before it is stored and served to every viewer, or
 * null: the glTF binary container and its JSON chunk (size, nesting, glTF 2.0, buffers and
 * images inside the file) and the VRM extension.
 */
export function vrmProblem(file: Buffer): VrmProblem | null {
  if (file.length >= 20 && file.readUInt32LE(0) === MAGIC && file.readUInt32LE(16) === CHUNK_JSON) {
    const chunkLength = file.readUInt32LE(12);
    if (chunkLength > MAX_GLTF_JSON_BYTES) return 'json-too-large';
    if (nestingDepth(file.subarray(20, 20 + chunkLength), MAX_GLTF_JSON_DEPTH) > MAX_GLTF_JSON_DEPTH) return 'too-deep';
  }
  const read = readGlbJson(file);
  if ('problem' in read) return 'not-vrm';
  const { asset, buffers, images } = read.json;
  // minor versions of glTF 2 stay readable by 2.0 loaders (glTF 2.0 spec §3.2)
  if (typeof asset !== 'object' || asset === null || !('version' in asset) || typeof asset.version !== 'string' || !/^2\.\d+$/.test(asset.version)) return 'not-gltf-2';
  for (const list of [buffers, images]) {
    if (list !== undefined && !Array.isArray(list)) return 'not-gltf-2';
    if (Array.isArray(list) && !list.every(isInside)) return 'external-uri';
  }
  return isVrm(file) ? null : 'not-vrm';
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
  header.writeUInt32LE(MAGIC, 0);
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
