import { describe, expect, it } from 'vitest';
import { readGlb } from '../../platform/glb.ts';
import type { BeatAnalysis } from './beats.ts';
import { choreograph, plan } from './choreographer.ts';
import { MOVES } from './moves.ts';
import { BONES, type Bone, forwardKinematics, type Quat, slerp, type Vec3 } from './skeleton.ts';
import { writeVrma } from './vrma.ts';

/** 64 beats at 120 bpm after 1 s: quiet, loud, quiet, with section starts at the changes. */
function song(): BeatAnalysis {
  const beats = Array.from({ length: 64 }, (_, i) => 1 + i * 0.5 + (i % 2 ? 0.02 : 0));
  const energy = beats.map((_, i) => (i >= 16 && i < 48 ? 1 : 0.2));
  return { bpm: 120, beats, energy, sections: [16, 48], durationSeconds: 34 };
}

/** The parts of a .vrma's glTF JSON the test reads. */
interface VrmaJson {
  asset: { version: string };
  extensionsUsed: string[];
  extensions: { VRMC_vrm_animation: { specVersion: string; humanoid: { humanBones: Record<string, { node: number }> } } };
  nodes: Array<{ name: string }>;
  bufferViews: Array<{ byteOffset: number }>;
  accessors: Array<{ bufferView: number; count: number; type: 'SCALAR' | 'VEC3' | 'VEC4'; max?: number[] }>;
  animations: Array<{ channels: Array<{ sampler: number; target: { node: number; path: string } }>; samplers: Array<{ input: number; output: number }> }>;
}

/** The JSON of a GLB and the float values of its accessors. */
function readVrma(bytes: Buffer) {
  const read = readGlb(bytes);
  if ('problem' in read) throw new Error(read.problem);
  const json = read.json as unknown as VrmaJson;
  const floats = (accessor: number): number[] => {
    const a = json.accessors[accessor];
    const view = json.bufferViews[a.bufferView];
    const width = { SCALAR: 1, VEC3: 3, VEC4: 4 }[a.type];
    return Array.from({ length: a.count * width }, (_, i) => read.bin.readFloatLE(view.byteOffset + i * 4));
  };
  return { json, floats };
}

describe('move library', () => {
  it('has at least 12 distinct moves of every energy, each starting and ending in the stance', () => {
    expect(new Set(MOVES.map((m) => m.name)).size).toBeGreaterThanOrEqual(12);
    for (const energy of ['calm', 'medium', 'big']) expect(MOVES.filter((m) => m.energy === energy).length).toBeGreaterThanOrEqual(3);
    for (const move of MOVES) {
      expect(move.keyframes[0].beat).toBe(0);
      expect(move.keyframes[move.keyframes.length - 1].beat).toBe(move.beats);
    }
  });
});

describe('choreographer', () => {
  it('follows the energy: calm moves when quiet, big ones when loud, a new move at each section', () => {
    const steps = plan(song(), 'seed-1');
    const energyAt = (beat: number) => steps.filter((s) => s.beat >= beat && s.beat < beat + 8).map((s) => s.energy);
    expect(new Set(energyAt(0))).toEqual(new Set(['calm']));
    expect(new Set(energyAt(16))).toEqual(new Set(['big']));
    expect(new Set(energyAt(48))).toEqual(new Set(['calm']));
    const at = (beat: number) => steps.find((s) => s.beat === beat)?.move;
    expect(at(16)).not.toBe(at(14) ?? at(12));
    expect(steps.some((s) => s.mirrored) && steps.some((s) => !s.mirrored)).toBe(true);
    expect(new Set(steps.map((s) => s.move)).size).toBeGreaterThanOrEqual(4);
  });

  it('is the same dance for the same seed and another for another seed', () => {
    expect(plan(song(), 'a')).toEqual(plan(song(), 'a'));
    expect(plan(song(), 'a')).not.toEqual(plan(song(), 'b'));
  });

  it('puts keyframes on the beat times', () => {
    const { motion } = choreograph(song(), 'seed-1');
    for (const beat of song().beats.slice(0, 60)) expect(motion.times.some((t) => Math.abs(t - beat) < 1e-9)).toBe(true);
    for (let i = 1; i < motion.times.length; i++) expect(motion.times[i]).toBeGreaterThan(motion.times[i - 1]);
  });

  it('keeps every sole point at or above the floor, also between keyframes', () => {
    for (const seed of ['seed-1', 'seed-2', 'seed-3']) {
      const { motion } = choreograph(song(), seed);
      let lowest = Infinity;
      let highest = -Infinity;
      for (let i = 0; i + 1 < motion.times.length; i++) {
        for (const t of [0, 0.25, 0.5, 0.75]) {
          const rotations = Object.fromEntries(BONES.map((b) => [b, slerp(motion.rotations[b][i], motion.rotations[b][i + 1], t)])) as Record<Bone, Quat>;
          const hips = motion.hips[i].map((v, k) => v + (motion.hips[i + 1][k] - v) * t) as Vec3;
          const soles = forwardKinematics({ rotations, hips }).soles.map((p) => p[1]);
          lowest = Math.min(lowest, ...soles);
          highest = Math.max(highest, Math.min(...soles));
        }
      }
      expect(lowest).toBeGreaterThanOrEqual(0);
      // and the dancer does touch the floor (not floating to pass the test); jumps lift it a little
      expect(highest).toBeLessThan(0.2);
    }
  });
});

describe('VRM Animation file', () => {
  it('parses back as GLB with VRMC_vrm_animation 1.0, a node per bone and channels that carry the motion', () => {
    const { motion } = choreograph(song(), 'seed-1');
    const { json, floats } = readVrma(writeVrma(motion, 'test'));
    expect(json.asset.version).toBe('2.0');
    expect(json.extensionsUsed).toContain('VRMC_vrm_animation');
    const ext = json.extensions.VRMC_vrm_animation;
    expect(ext.specVersion).toBe('1.0');
    expect(Object.keys(ext.humanoid.humanBones).sort()).toEqual([...BONES].sort());
    for (const bone of BONES) expect(json.nodes[ext.humanoid.humanBones[bone].node].name).toBe(bone);
    const animation = json.animations[0];
    const rotations = animation.channels.filter((c) => c.target.path === 'rotation');
    expect(rotations).toHaveLength(BONES.length);
    const translation = animation.channels.find((c) => c.target.path === 'translation');
    if (!translation) throw new Error('no translation channel');
    expect(translation.target.node).toBe(ext.humanoid.humanBones.hips.node);
    const sampler = animation.samplers[translation.sampler];
    const times = floats(sampler.input);
    expect(times).toHaveLength(motion.times.length);
    expect(json.accessors[sampler.input].max?.[0]).toBe(times[times.length - 1]);
    const hips = floats(sampler.output);
    expect(hips[1 + 3 * 10]).toBeCloseTo(motion.hips[10][1], 5);
    const leftArm = animation.samplers[rotations[BONES.indexOf('leftUpperArm')].sampler];
    const q = floats(leftArm.output).slice(4 * 20, 4 * 21);
    for (const [k, v] of motion.rotations.leftUpperArm[20].entries()) expect(q[k]).toBeCloseTo(v, 5);
    expect(Math.hypot(...q)).toBeCloseTo(1, 4);
  });
});
