import { type Bone, fromEuler, IDENTITY, mirrorBone, mirrorQuat, type Quat, slerp, type Vec3 } from './skeleton.ts';

/** How big a move is: the choreographer matches it to the music's loudness. */
export type Energy = 'calm' | 'medium' | 'big';

/** Euler degrees (X, then Y, then Z) per bone; bones left out keep the neutral stance. */
type Angles = Partial<Record<Bone, [number, number, number]>>;

interface Keyframe {
  /** Beats from the start of the move. */
  beat: number;
  angles?: Angles;
  /** Metres added to the hips before the feet are put on the floor. */
  hips?: Vec3;
  /** Metres the whole body leaves the floor (a jump). */
  lift?: number;
}

export interface Move {
  name: string;
  energy: Energy;
  beats: number;
  /** From beat 0 to beat `beats`; both ends are the neutral stance so any move can follow any other. */
  keyframes: Keyframe[];
}

/** The stance between moves: arms relaxed at the sides, elbows a little bent. */
const NEUTRAL: Angles = {
  leftUpperArm: [0, 0, -72],
  rightUpperArm: [0, 0, 72],
  leftLowerArm: [0, -12, 0],
  rightLowerArm: [0, 12, 0],
};

// Knees bent with the feet kept flat: thigh forward, shin back twice as far, foot forward again.
const bend = (degrees: number): Angles => ({
  leftUpperLeg: [-degrees, 0, 0],
  leftLowerLeg: [2 * degrees, 0, 0],
  leftFoot: [-degrees, 0, 0],
  rightUpperLeg: [-degrees, 0, 0],
  rightLowerLeg: [2 * degrees, 0, 0],
  rightFoot: [-degrees, 0, 0],
});

const start = (): Keyframe => ({ beat: 0 });
const end = (beats: number): Keyframe => ({ beat: beats });

/**
 * The move library, authored for the left side; {@link mirrored} gives the right-side twin.
 * Keyframes on whole beats are the accents that land on the music's beats.
 */
export const MOVES: Move[] = [
  {
    name: 'sway',
    energy: 'calm',
    beats: 2,
    keyframes: [
      start(),
      {
        beat: 1,
        angles: { hips: [0, 0, 5], spine: [0, 0, -5], chest: [0, 0, -4], head: [0, 0, 5], leftUpperLeg: [0, 0, -5], rightUpperLeg: [0, 0, -5], leftUpperArm: [0, 0, -66], rightUpperArm: [0, 0, 78] },
      },
      end(2),
    ],
  },
  {
    name: 'nod',
    energy: 'calm',
    beats: 2,
    keyframes: [start(), { beat: 1, angles: { head: [14, 0, 0], neck: [6, 0, 0], ...bend(8) } }, end(2)],
  },
  {
    name: 'shoulder-pop',
    energy: 'calm',
    beats: 2,
    keyframes: [start(), { beat: 1, angles: { chest: [0, 0, 6], leftUpperArm: [0, 0, -60], leftLowerArm: [0, -30, 0], head: [0, 0, -4] } }, end(2)],
  },
  {
    name: 'wave',
    energy: 'calm',
    beats: 4,
    keyframes: [
      start(),
      { beat: 1, angles: { leftUpperArm: [0, 0, 55], leftLowerArm: [0, 0, 35], head: [0, 10, 0] } },
      { beat: 2, angles: { leftUpperArm: [0, 0, 55], leftLowerArm: [0, 0, 5], head: [0, 10, 0] } },
      { beat: 3, angles: { leftUpperArm: [0, 0, 55], leftLowerArm: [0, 0, 35], head: [0, 10, 0] } },
      end(4),
    ],
  },
  {
    name: 'bounce',
    energy: 'medium',
    beats: 2,
    keyframes: [start(), { beat: 1, angles: { ...bend(22), spine: [8, 0, 0], leftUpperArm: [0, -30, -60], rightUpperArm: [0, 30, 60], leftLowerArm: [0, -70, 0], rightLowerArm: [0, 70, 0] } }, end(2)],
  },
  {
    name: 'clap',
    energy: 'medium',
    beats: 2,
    keyframes: [
      start(),
      { beat: 0.5, angles: { leftUpperArm: [0, -40, -30], rightUpperArm: [0, 40, 30], leftLowerArm: [0, -20, 0], rightLowerArm: [0, 20, 0] } },
      { beat: 1, angles: { ...bend(10), leftUpperArm: [0, -75, -15], rightUpperArm: [0, 75, 15], leftLowerArm: [0, -25, 0], rightLowerArm: [0, 25, 0], head: [8, 0, 0] } },
      end(2),
    ],
  },
  {
    name: 'step-touch',
    energy: 'medium',
    beats: 2,
    keyframes: [
      start(),
      { beat: 1, angles: { leftUpperLeg: [-30, 0, 6], leftLowerLeg: [50, 0, 0], leftFoot: [-15, 0, 0], hips: [0, 0, -4], leftUpperArm: [-30, 0, -70], rightUpperArm: [30, 0, 70], chest: [0, 8, 0] } },
      end(2),
    ],
  },
  {
    name: 'body-roll',
    energy: 'medium',
    beats: 4,
    keyframes: [
      start(),
      { beat: 1, angles: { chest: [-12, 0, 0], head: [-8, 0, 0], spine: [6, 0, 0], ...bend(10) } },
      { beat: 2, angles: { chest: [10, 0, 0], spine: [-6, 0, 0], head: [6, 0, 0], ...bend(18) } },
      { beat: 3, angles: { chest: [4, 0, 0], spine: [8, 0, 0], hips: [-8, 0, 0], ...bend(6) } },
      end(4),
    ],
  },
  {
    name: 'twist',
    energy: 'medium',
    beats: 2,
    keyframes: [
      start(),
      { beat: 1, angles: { ...bend(16), hips: [0, 20, 0], chest: [0, -30, 0], leftUpperArm: [0, -40, -55], rightUpperArm: [0, -40, 55], leftLowerArm: [0, -60, 0], rightLowerArm: [0, 60, 0] } },
      end(2),
    ],
  },
  {
    name: 'march',
    energy: 'medium',
    beats: 2,
    keyframes: [
      start(),
      {
        beat: 1,
        angles: {
          leftUpperLeg: [-55, 0, 0],
          leftLowerLeg: [70, 0, 0],
          leftFoot: [-10, 0, 0],
          leftUpperArm: [0, 40, -72],
          rightUpperArm: [0, 40, 72],
          leftLowerArm: [0, 0, 0],
          rightLowerArm: [0, 50, 0],
        },
      },
      end(2),
    ],
  },
  {
    name: 'punch',
    energy: 'big',
    beats: 2,
    keyframes: [start(), { beat: 1, angles: { ...bend(14), chest: [0, 25, 0], leftUpperArm: [0, -85, -5], leftLowerArm: [0, 0, 0], rightUpperArm: [0, 20, 60], rightLowerArm: [0, 120, 0] } }, end(2)],
  },
  {
    name: 'jump',
    energy: 'big',
    beats: 2,
    keyframes: [
      start(),
      { beat: 0.5, angles: { ...bend(40), spine: [15, 0, 0], leftUpperArm: [30, 0, -70], rightUpperArm: [30, 0, 70] } },
      { beat: 1, angles: { leftUpperArm: [0, 0, 75], rightUpperArm: [0, 0, -75], leftFoot: [20, 0, 0], rightFoot: [20, 0, 0] }, lift: 0.14 },
      { beat: 1.5, angles: { ...bend(25), leftUpperArm: [0, 0, -20], rightUpperArm: [0, 0, 20] } },
      end(2),
    ],
  },
  {
    name: 'disco-point',
    energy: 'big',
    beats: 2,
    keyframes: [
      start(),
      {
        beat: 1,
        angles: {
          hips: [0, 0, 8],
          leftUpperLeg: [0, 0, -8],
          rightUpperLeg: [0, 0, 2],
          spine: [0, 0, -6],
          leftUpperArm: [0, -20, 50],
          leftLowerArm: [0, 0, 0],
          rightUpperArm: [0, 30, 60],
          rightLowerArm: [0, 110, 0],
          head: [-10, 20, 0],
        },
      },
      end(2),
    ],
  },
  {
    name: 'kick',
    energy: 'big',
    beats: 2,
    keyframes: [
      start(),
      { beat: 0.5, angles: { leftUpperLeg: [-40, 0, 0], leftLowerLeg: [80, 0, 0], rightUpperLeg: [-10, 0, 0], rightLowerLeg: [20, 0, 0], rightFoot: [-10, 0, 0] } },
      {
        beat: 1,
        angles: {
          leftUpperLeg: [-75, 0, 0],
          leftLowerLeg: [5, 0, 0],
          leftFoot: [20, 0, 0],
          rightUpperLeg: [-8, 0, 0],
          rightLowerLeg: [16, 0, 0],
          rightFoot: [-8, 0, 0],
          spine: [-8, 0, 0],
          leftUpperArm: [0, 30, -30],
          rightUpperArm: [0, 30, 30],
        },
      },
      end(2),
    ],
  },
  {
    name: 'hands-up',
    energy: 'big',
    beats: 4,
    keyframes: [
      start(),
      {
        beat: 1,
        angles: {
          leftUpperArm: [0, 0, 70],
          rightUpperArm: [0, 0, -70],
          leftLowerArm: [0, 0, 10],
          rightLowerArm: [0, 0, -10],
          ...bend(12),
          hips: [0, 0, 6],
          leftUpperLeg: [-12, 0, -6],
          rightUpperLeg: [-12, 0, -6],
        },
      },
      { beat: 2, angles: { leftUpperArm: [0, 0, 80], rightUpperArm: [0, 0, -80], ...bend(4), head: [-12, 0, 0] } },
      {
        beat: 3,
        angles: {
          leftUpperArm: [0, 0, 70],
          rightUpperArm: [0, 0, -70],
          leftLowerArm: [0, 0, 10],
          rightLowerArm: [0, 0, -10],
          ...bend(12),
          hips: [0, 0, -6],
          leftUpperLeg: [-12, 0, 6],
          rightUpperLeg: [-12, 0, 6],
        },
      },
      end(4),
    ],
  },
];

/** One sample of a move: rotations for every bone it or the stance sets, hips offset and lift. */
export interface MoveSample {
  rotations: Partial<Record<Bone, Quat>>;
  hips: Vec3;
  lift: number;
}

function toSample(frame: Keyframe): MoveSample {
  const angles = { ...NEUTRAL, ...frame.angles };
  const rotations: Partial<Record<Bone, Quat>> = {};
  for (const [bone, [x, y, z]] of Object.entries(angles) as Array<[Bone, [number, number, number]]>) rotations[bone] = fromEuler(x, y, z);
  return { rotations, hips: frame.hips ?? [0, 0, 0], lift: frame.lift ?? 0 };
}

/** The move at `beat` beats into it, eased between keyframes so accents hold on the beat. */
export function sampleMove(move: Move, beat: number, mirror: boolean): MoveSample {
  const frames = move.keyframes;
  let i = 0;
  while (i < frames.length - 2 && frames[i + 1].beat <= beat) i++;
  const [a, b] = [toSample(frames[i]), toSample(frames[i + 1])];
  const raw = Math.min(1, Math.max(0, (beat - frames[i].beat) / (frames[i + 1].beat - frames[i].beat)));
  const t = raw * raw * (3 - 2 * raw);
  const rotations: Partial<Record<Bone, Quat>> = {};
  const bones = new Set([...Object.keys(a.rotations), ...Object.keys(b.rotations)] as Bone[]);
  for (const bone of bones) {
    const q = slerp(a.rotations[bone] ?? IDENTITY, b.rotations[bone] ?? IDENTITY, t);
    rotations[mirror ? mirrorBone(bone) : bone] = mirror ? mirrorQuat(q) : q;
  }
  const hips = a.hips.map((v, k) => v + (b.hips[k] - v) * t) as Vec3;
  if (mirror) hips[0] = -hips[0];
  return { rotations, hips, lift: a.lift + (b.lift - a.lift) * t };
}
