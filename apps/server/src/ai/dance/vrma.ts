import { GlbBuffer, writeGlb } from '../../platform/glb.ts';
import type { Motion } from './choreographer.ts';
import { BONES, REST } from './skeleton.ts';

/**
 * A VRM Animation file (`.vrma`): glTF 2.0 binary with the `VRMC_vrm_animation` 1.0 extension.
 * One node per humanoid bone in the rest pose of skeleton.ts (identity rotations), the
 * extension mapping bone names to those nodes, and one animation with a rotation channel per
 * bone and a translation channel for the hips, all on one time accessor.
 */
export function writeVrma(motion: Motion, generator: string): Buffer {
  const buffer = new GlbBuffer();
  // glTF requires min and max on animation inputs; they are read from the float32 data so they match it
  const times = Float32Array.from(motion.times);
  const input = buffer.add(times, 'SCALAR', { min: [times[0]], max: [times[times.length - 1]] });
  const samplers: Array<{ input: number; output: number; interpolation: 'LINEAR' }> = [];
  const channels: Array<{ sampler: number; target: { node: number; path: 'rotation' | 'translation' } }> = [];
  BONES.forEach((bone, node) => {
    samplers.push({ input, output: buffer.add(Float32Array.from(motion.rotations[bone].flat()), 'VEC4'), interpolation: 'LINEAR' });
    channels.push({ sampler: samplers.length - 1, target: { node, path: 'rotation' } });
  });
  samplers.push({ input, output: buffer.add(Float32Array.from(motion.hips.flat()), 'VEC3'), interpolation: 'LINEAR' });
  channels.push({ sampler: samplers.length - 1, target: { node: 0, path: 'translation' } });

  const nodes = BONES.map((bone) => ({
    name: bone,
    translation: REST[bone].offset,
    ...(BONES.some((child) => REST[child].parent === bone) ? { children: BONES.flatMap((child, i) => (REST[child].parent === bone ? [i] : [])) } : {}),
  }));
  const bin = buffer.bin();
  const json = {
    asset: { version: '2.0', generator },
    extensionsUsed: ['VRMC_vrm_animation'],
    extensions: {
      VRMC_vrm_animation: { specVersion: '1.0', humanoid: { humanBones: Object.fromEntries(BONES.map((bone, node) => [bone, { node }])) } },
    },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes,
    buffers: [{ byteLength: bin.length }],
    bufferViews: buffer.bufferViews,
    accessors: buffer.accessors,
    animations: [{ name: 'dance', channels, samplers }],
  };
  return writeGlb(json, bin);
}
