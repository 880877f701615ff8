/**
 * The VRM 1.0 humanoid bones (VRMC_vrm `humanoid.humanBones`) the server's models carry and its
 * dances move, parents before children: the fifteen the specification requires of every model
 * plus chest and neck. The built-in avatar has all of them, so every dance plays on it in full.
 */
export const HUMANOID_BONES = [
  'hips',
  'spine',
  'chest',
  'neck',
  'head',
  'leftUpperArm',
  'leftLowerArm',
  'leftHand',
  'rightUpperArm',
  'rightLowerArm',
  'rightHand',
  'leftUpperLeg',
  'leftLowerLeg',
  'leftFoot',
  'rightUpperLeg',
  'rightLowerLeg',
  'rightFoot',
] as const;
export type HumanoidBone = (typeof HUMANOID_BONES)[number];
