import { HUMANOID_BONES, type HumanoidBone } from '../../platform/vrm-humanoid.ts';

/** Quaternions as [x, y, z, w], the glTF order. */
export type Quat = [number, number, number, number];
export type Vec3 = [number, number, number];

/** The bones the dances move: every bone of the shared VRM humanoid list, parents before children. */
export const BONES = HUMANOID_BONES;
export type Bone = HumanoidBone;

/**
 * A standard VRM 1.0 rest pose (T-pose, +Y up, facing +Z, the character's left at +X, metres),
 * each bone's offset from its parent. Every rest rotation is the identity, so a dance's
 * rotations are exactly the normalized humanoid rotations VRM animation expects.
 */
export const REST: Record<Bone, { parent: Bone | null; offset: Vec3 }> = {
  hips: { parent: null, offset: [0, 0.93, 0] },
  spine: { parent: 'hips', offset: [0, 0.1, 0] },
  chest: { parent: 'spine', offset: [0, 0.13, 0] },
  neck: { parent: 'chest', offset: [0, 0.22, 0] },
  head: { parent: 'neck', offset: [0, 0.09, 0] },
  leftUpperArm: { parent: 'chest', offset: [0.18, 0.17, 0] },
  leftLowerArm: { parent: 'leftUpperArm', offset: [0.26, 0, 0] },
  leftHand: { parent: 'leftLowerArm', offset: [0.24, 0, 0] },
  rightUpperArm: { parent: 'chest', offset: [-0.18, 0.17, 0] },
  rightLowerArm: { parent: 'rightUpperArm', offset: [-0.26, 0, 0] },
  rightHand: { parent: 'rightLowerArm', offset: [-0.24, 0, 0] },
  leftUpperLeg: { parent: 'hips', offset: [0.09, -0.06, 0] },
  leftLowerLeg: { parent: 'leftUpperLeg', offset: [0, -0.4, 0] },
  leftFoot: { parent: 'leftLowerLeg', offset: [0, -0.4, 0] },
  rightUpperLeg: { parent: 'hips', offset: [-0.09, -0.06, 0] },
  rightLowerLeg: { parent: 'rightUpperLeg', offset: [0, -0.4, 0] },
  rightFoot: { parent: 'rightLowerLeg', offset: [0, -0.4, 0] },
};

/** Heel and toe tip of each foot, from the ankle: in the rest pose both touch the floor (y = 0). */
export const SOLE_POINTS: Vec3[] = [
  [0, -0.07, -0.05],
  [0, -0.07, 0.14],
];

export const IDENTITY: Quat = [0, 0, 0, 1];

export function multiply(a: Quat, b: Quat): Quat {
  const [ax, ay, az, aw] = a;
  const [bx, by, bz, bw] = b;
  return [aw * bx + ax * bw + ay * bz - az * by, aw * by - ax * bz + ay * bw + az * bx, aw * bz + ax * by - ay * bx + az * bw, aw * bw - ax * bx - ay * by - az * bz];
}

/** Intrinsic X, then Y, then Z rotation in degrees (three.js's default 'XYZ' order). */
export function fromEuler(x: number, y: number, z: number): Quat {
  const axis = (angle: number, i: 0 | 1 | 2): Quat => {
    const half = (angle * Math.PI) / 360;
    const q: Quat = [0, 0, 0, Math.cos(half)];
    q[i] = Math.sin(half);
    return q;
  };
  return multiply(multiply(axis(x, 0), axis(y, 1)), axis(z, 2));
}

export function rotate(q: Quat, v: Vec3): Vec3 {
  const [x, y, z, w] = q;
  // v + 2w(q×v) + 2q×(q×v)
  const cx = y * v[2] - z * v[1];
  const cy = z * v[0] - x * v[2];
  const cz = x * v[1] - y * v[0];
  return [v[0] + 2 * (w * cx + y * cz - z * cy), v[1] + 2 * (w * cy + z * cx - x * cz), v[2] + 2 * (w * cz + x * cy - y * cx)];
}

/** Spherical interpolation along the short arc, as glTF players do for rotation channels. */
export function slerp(a: Quat, b: Quat, t: number): Quat {
  let dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  const sign = dot < 0 ? -1 : 1;
  dot *= sign;
  if (dot > 0.9995) {
    const q = a.map((v, i) => v + (sign * b[i] - v) * t) as Quat;
    const n = Math.hypot(...q);
    return q.map((v) => v / n) as Quat;
  }
  const theta = Math.acos(dot);
  const sa = Math.sin((1 - t) * theta) / Math.sin(theta);
  const sb = (sign * Math.sin(t * theta)) / Math.sin(theta);
  return a.map((v, i) => v * sa + b[i] * sb) as Quat;
}

/** A left–right mirror (through the YZ plane): x stays, y and z turn the other way. */
export function mirrorQuat([x, y, z, w]: Quat): Quat {
  return [x, -y, -z, w];
}

export function mirrorBone(bone: Bone): Bone {
  if (bone.startsWith('left')) return `right${bone.slice(4)}` as Bone;
  if (bone.startsWith('right')) return `left${bone.slice(5)}` as Bone;
  return bone;
}

/** A full pose: every bone's local rotation and the hips position. */
export interface Pose {
  rotations: Record<Bone, Quat>;
  hips: Vec3;
}

/** World positions of every bone and of both soles' heel and toe points. */
export function forwardKinematics(pose: Pose): { joints: Record<Bone, Vec3>; soles: Vec3[] } {
  const world = {} as Record<Bone, { rotation: Quat; position: Vec3 }>;
  for (const bone of BONES) {
    const { parent, offset } = REST[bone];
    if (!parent) {
      world[bone] = { rotation: pose.rotations[bone], position: pose.hips };
      continue;
    }
    const p = world[parent];
    const d = rotate(p.rotation, offset);
    world[bone] = { rotation: multiply(p.rotation, pose.rotations[bone]), position: [p.position[0] + d[0], p.position[1] + d[1], p.position[2] + d[2]] };
  }
  const soles: Vec3[] = [];
  for (const foot of ['leftFoot', 'rightFoot'] as const) {
    for (const point of SOLE_POINTS) {
      const d = rotate(world[foot].rotation, point);
      const at = world[foot].position;
      soles.push([at[0] + d[0], at[1] + d[1], at[2] + d[2]]);
    }
  }
  const joints = Object.fromEntries(BONES.map((bone) => [bone, world[bone].position])) as Record<Bone, Vec3>;
  return { joints, soles };
}
