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

function padded(data: Buffer, fill: number): Buffer {
  const rest = (4 - (data.length % 4)) % 4;
  return rest ? Buffer.concat([data, Buffer.alloc(rest, fill)]) : data;
}

/** Writes a glTF binary from its JSON and binary buffer. */
export function writeGlb(json: unknown, bin: Buffer): Buffer {
  const jsonChunk = padded(Buffer.from(JSON.stringify(json), 'utf8'), 0x20);
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
