import { buildDefaultVrm } from '../src/modules/avatars/default-vrm.ts';
import { readGlbJson, writeGlb, writeGlbText } from '../src/platform/glb.ts';

/** The built-in model with its glTF JSON changed and its binary chunk as it was. */
export function alteredVrm(change: (json: Record<string, unknown>) => void): Buffer {
  const file = buildDefaultVrm();
  const read = readGlbJson(file);
  if (!('json' in read)) throw new Error(read.problem);
  const jsonEnd = 20 + file.readUInt32LE(12);
  change(read.json);
  return writeGlb(read.json, file.subarray(jsonEnd + 8));
}

/**
 * The built-in model with `"extras": [[[…]]]` nested `depth` deep at the top of its JSON,
 * written as text: JSON.stringify itself overflows the stack on such a value.
 */
export function deeplyNestedVrm(depth: number): Buffer {
  const file = buildDefaultVrm();
  const jsonEnd = 20 + file.readUInt32LE(12);
  const text = file.subarray(20, jsonEnd).toString('utf8').trimEnd();
  return writeGlbText(`{"extras":${'['.repeat(depth)}${']'.repeat(depth)},${text.slice(1)}`, file.subarray(jsonEnd + 8));
}
