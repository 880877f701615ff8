import { CHUNK_JSON, GLB_MAGIC, readGlbJson } from '../../platform/glb.ts';

// What makes a glTF binary (platform/glb.ts) an acceptable VRM avatar upload.

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
  if (file.length >= 20 && file.readUInt32LE(0) === GLB_MAGIC && file.readUInt32LE(16) === CHUNK_JSON) {
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
