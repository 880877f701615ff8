import type { Motion } from './choreographer.ts';
import { BONES, REST } from './skeleton.ts';

const GLB_MAGIC = 0x46546c67; // "glTF"
const CHUNK_JSON = 0x4e4f534a; // "JSON"
const CHUNK_BIN = 0x004e4942; // "BIN\0"
const FLOAT = 5126;

/**
 * A VRM Animation file (`.vrma`): glTF 2.0 binary with the `VRMC_vrm_animation` 1.0 extension.
 * One node per humanoid bone in the rest pose of skeleton.ts (identity rotations), the
 * extension mapping bone names to those nodes, and one animation with a rotation channel per
 * bone and a translation channel for the hips, all on one time accessor.
 */
export function writeVrma(motion: Motion, generator: string): Buffer {
  const frames = motion.times.length;
  const chunks: Buffer[] = [];
  const bufferViews: Array<{ buffer: 0; byteOffset: number; byteLength: number }> = [];
  const accessors: Array<Record<string, unknown>> = [];
  let offset = 0;
  const addAccessor = (values: number[], type: 'SCALAR' | 'VEC3' | 'VEC4', extra: Record<string, unknown> = {}) => {
    const bytes = Buffer.alloc(values.length * 4);
    for (const [i, v] of values.entries()) bytes.writeFloatLE(v, i * 4);
    bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: bytes.length });
    chunks.push(bytes);
    offset += bytes.length;
    const width = { SCALAR: 1, VEC3: 3, VEC4: 4 }[type];
    accessors.push({ bufferView: bufferViews.length - 1, componentType: FLOAT, count: values.length / width, type, ...extra });
    return accessors.length - 1;
  };

  // glTF requires min and max on animation inputs; float32 rounding is applied so they match the data
  const times = motion.times.map((t) => Math.fround(t));
  const input = addAccessor(times, 'SCALAR', { min: [times[0]], max: [times[frames - 1]] });
  const samplers: Array<{ input: number; output: number; interpolation: 'LINEAR' }> = [];
  const channels: Array<{ sampler: number; target: { node: number; path: 'rotation' | 'translation' } }> = [];
  BONES.forEach((bone, node) => {
    samplers.push({ input, output: addAccessor(motion.rotations[bone].flat(), 'VEC4'), interpolation: 'LINEAR' });
    channels.push({ sampler: samplers.length - 1, target: { node, path: 'rotation' } });
  });
  samplers.push({ input, output: addAccessor(motion.hips.flat(), 'VEC3'), interpolation: 'LINEAR' });
  channels.push({ sampler: samplers.length - 1, target: { node: 0, path: 'translation' } });

  const nodes = BONES.map((bone) => ({
    name: bone,
    translation: REST[bone].offset,
    ...(BONES.some((child) => REST[child].parent === bone) ? { children: BONES.flatMap((child, i) => (REST[child].parent === bone ? [i] : [])) } : {}),
  }));
  const json = {
    asset: { version: '2.0', generator },
    extensionsUsed: ['VRMC_vrm_animation'],
    extensions: {
      VRMC_vrm_animation: { specVersion: '1.0', humanoid: { humanBones: Object.fromEntries(BONES.map((bone, node) => [bone, { node }])) } },
    },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes,
    buffers: [{ byteLength: offset }],
    bufferViews,
    accessors,
    animations: [{ name: 'dance', channels, samplers }],
  };
  return glb(Buffer.from(JSON.stringify(json)), Buffer.concat(chunks));
}

/** The GLB container: a 12-byte header, a JSON chunk padded with spaces, a BIN chunk padded with zeros. */
function glb(json: Buffer, bin: Buffer): Buffer {
  const pad = (n: number) => (4 - (n % 4)) % 4;
  const jsonChunk = Buffer.concat([json, Buffer.alloc(pad(json.length), 0x20)]);
  const binChunk = Buffer.concat([bin, Buffer.alloc(pad(bin.length))]);
  const header = Buffer.alloc(12);
  const total = 12 + 8 + jsonChunk.length + 8 + binChunk.length;
  header.writeUInt32LE(GLB_MAGIC, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(total, 8);
  const chunkHeader = (length: number, type: number) => {
    const h = Buffer.alloc(8);
    h.writeUInt32LE(length, 0);
    h.writeUInt32LE(type, 4);
    return h;
  };
  return Buffer.concat([header, chunkHeader(jsonChunk.length, CHUNK_JSON), jsonChunk, chunkHeader(binChunk.length, CHUNK_BIN), binChunk]);
}
