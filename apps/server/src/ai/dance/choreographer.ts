import { seededRandom } from '../random.ts';
import type { BeatAnalysis } from './beats.ts';
import { type Energy, MOVES, type Move, sampleMove } from './moves.ts';
import { BONES, type Bone, forwardKinematics, IDENTITY, type Pose, type Quat, REST, type Vec3 } from './skeleton.ts';

/** Samples per beat: enough for the eased curves between keyframes to survive linear playback. */
export const SAMPLES_PER_BEAT = 8;
const PHRASE_BEATS = 8;
// Players interpolate linearly between samples, which can dip a sole up to ~6 mm below where the
// eased curve keeps it; the soles stand this much above the floor at every sample to cover it.
const SOLE_CLEARANCE = 0.006;

/** A keyframed dance: one time axis shared by every bone's rotation and the hips position. */
export interface Motion {
  times: number[];
  rotations: Record<Bone, Quat[]>;
  hips: Vec3[];
}

/** Which move plays where, for the result's description and the tests. */
export interface Step {
  move: string;
  mirrored: boolean;
  energy: Energy;
  /** Beat index where the move starts. */
  beat: number;
}

/** The tier of each phrase from its mean loudness, relative to the song's own range. */
function tierOf(level: number): Energy {
  if (level < 0.35) return 'calm';
  return level > 0.7 ? 'big' : 'medium';
}

/**
 * Phrases of eight beats, restarted at every section boundary, each with the energy tier of
 * its beats (the per-beat energy rescaled between the song's 10th and 90th percentile).
 */
function phrases(analysis: BeatAnalysis): Array<{ start: number; length: number; energy: Energy; section: boolean }> {
  const sorted = [...analysis.energy].sort((a, b) => a - b);
  const low = sorted[Math.floor(sorted.length * 0.1)] ?? 0;
  const high = sorted[Math.floor(sorted.length * 0.9)] ?? 1;
  const range = Math.max(1e-6, high - low);
  const starts = new Set(analysis.sections);
  const out: Array<{ start: number; length: number; energy: Energy; section: boolean }> = [];
  for (let beat = 0; beat < analysis.beats.length; ) {
    let length = 1;
    while (length < PHRASE_BEATS && beat + length < analysis.beats.length && !starts.has(beat + length)) length++;
    const slice = analysis.energy.slice(beat, beat + length);
    const level = slice.reduce((sum, e) => sum + Math.min(1, Math.max(0, (e - low) / range)), 0) / slice.length;
    out.push({ start: beat, length, energy: tierOf(level), section: starts.has(beat) });
    beat += length;
  }
  return out;
}

/**
 * Picks moves for each phrase: a move of the phrase's tier, played then mirrored until the
 * phrase is full; a new phrase, and always a new section, brings a different move.
 */
export function plan(analysis: BeatAnalysis, seed: string): Step[] {
  const random = seededRandom(`dance:${seed}`);
  const steps: Step[] = [];
  let previous: Move | null = null;
  for (const phrase of phrases(analysis)) {
    const fits = MOVES.filter((m) => m.energy === phrase.energy && m.beats <= phrase.length && m !== previous);
    const fallback = MOVES.filter((m) => m.beats <= phrase.length && m !== previous);
    const pool = fits.length > 0 ? fits : fallback;
    let beat = phrase.start;
    if (pool.length === 0) continue;
    const move = random.pick(pool);
    let mirrored = random.chance(0.5);
    while (beat + move.beats <= phrase.start + phrase.length) {
      steps.push({ move: move.name, mirrored, energy: move.energy, beat });
      beat += move.beats;
      mirrored = !mirrored;
    }
    previous = move;
  }
  return steps;
}

/** Seconds at a fractional beat index: beat times themselves, linearly warped in between. */
function timeAt(beats: number[], at: number): number {
  const i = Math.min(Math.floor(at), beats.length - 1);
  const next = beats[i + 1] ?? beats[i] + (beats[i] - (beats[i - 1] ?? beats[i] - 0.5));
  return beats[i] + (at - i) * (next - beats[i]);
}

/** A whole pose from a move sample, with the hips raised or lowered so the lowest sole point is on the floor (plus the clearance). */
function grounded(rotations: Partial<Record<Bone, Quat>>, offset: Vec3, lift: number): Pose {
  const full = Object.fromEntries(BONES.map((bone) => [bone, rotations[bone] ?? IDENTITY])) as Record<Bone, Quat>;
  const rest = REST.hips.offset;
  const hips: Vec3 = [rest[0] + offset[0], rest[1] + offset[1], rest[2] + offset[2]];
  const lowest = Math.min(...forwardKinematics({ rotations: full, hips }).soles.map((p) => p[1]));
  hips[1] += SOLE_CLEARANCE - lowest + lift;
  return { rotations: full, hips };
}

/**
 * The dance for an analysed song: the planned moves sampled SAMPLES_PER_BEAT times a beat,
 * each sample's time warped onto the tracked beats, and the neutral stance before the first
 * beat and after the last.
 */
export function choreograph(analysis: BeatAnalysis, seed: string): { motion: Motion; steps: Step[] } {
  const steps = plan(analysis, seed);
  const byName = new Map(MOVES.map((m) => [m.name, m]));
  const motion: Motion = { times: [], rotations: Object.fromEntries(BONES.map((b) => [b, []])) as unknown as Record<Bone, Quat[]>, hips: [] };
  const push = (time: number, pose: Pose) => {
    if (motion.times.length > 0 && time <= motion.times[motion.times.length - 1]) return;
    motion.times.push(time);
    for (const bone of BONES) motion.rotations[bone].push(pose.rotations[bone]);
    motion.hips.push(pose.hips);
  };
  const still = (time: number) => {
    const sample = sampleMove(MOVES[0], 0, false);
    push(time, grounded(sample.rotations, sample.hips, sample.lift));
  };
  still(0);
  for (const step of steps) {
    const move = byName.get(step.move);
    if (!move) continue;
    for (let k = 0; k < move.beats * SAMPLES_PER_BEAT; k++) {
      const sample = sampleMove(move, k / SAMPLES_PER_BEAT, step.mirrored);
      push(timeAt(analysis.beats, step.beat + k / SAMPLES_PER_BEAT), grounded(sample.rotations, sample.hips, sample.lift));
    }
  }
  if (steps.length > 0) {
    const last = steps[steps.length - 1];
    still(timeAt(analysis.beats, last.beat + (byName.get(last.move)?.beats ?? 0)));
  }
  still(Math.max(analysis.durationSeconds, motion.times[motion.times.length - 1] + 0.01));
  return { motion, steps };
}
