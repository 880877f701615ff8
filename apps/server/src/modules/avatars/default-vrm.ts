import { GlbBuffer, TARGET, writeGlb } from '../../platform/glb.ts';
import type { HumanoidBone } from '../../platform/vrm-humanoid.ts';

/** Bones of the built-in model: name, parent, offset from the parent (metres, T-pose, facing +Z), and the box drawn along it. */
interface Bone {
  name: HumanoidBone;
  parent: HumanoidBone | null;
  at: [number, number, number];
  /** Size and centre (relative to the bone) of its box, and whether it is skin or clothes. */
  box?: { size: [number, number, number]; centre: [number, number, number]; skin?: boolean };
}

// VRM 1.0 puts the model's left on +X. Sizes make a small, friendly figure about 1.5 m tall.
const BONES: Bone[] = [
  { name: 'hips', parent: null, at: [0, 0.8, 0], box: { size: [0.3, 0.16, 0.18], centre: [0, 0, 0] } },
  { name: 'spine', parent: 'hips', at: [0, 0.1, 0], box: { size: [0.28, 0.2, 0.16], centre: [0, 0.1, 0] } },
  { name: 'chest', parent: 'spine', at: [0, 0.2, 0], box: { size: [0.32, 0.2, 0.18], centre: [0, 0.08, 0] } },
  { name: 'neck', parent: 'chest', at: [0, 0.2, 0], box: { size: [0.08, 0.06, 0.08], centre: [0, 0.03, 0], skin: true } },
  { name: 'head', parent: 'neck', at: [0, 0.06, 0], box: { size: [0.22, 0.24, 0.22], centre: [0, 0.12, 0], skin: true } },
  ...(['left', 'right'] as const).flatMap((side): Bone[] => {
    const s = side === 'left' ? 1 : -1;
    return [
      { name: `${side}UpperArm`, parent: 'chest', at: [0.18 * s, 0.15, 0], box: { size: [0.22, 0.07, 0.07], centre: [0.11 * s, 0, 0] } },
      { name: `${side}LowerArm`, parent: `${side}UpperArm`, at: [0.22 * s, 0, 0], box: { size: [0.2, 0.06, 0.06], centre: [0.1 * s, 0, 0], skin: true } },
      { name: `${side}Hand`, parent: `${side}LowerArm`, at: [0.2 * s, 0, 0], box: { size: [0.08, 0.04, 0.07], centre: [0.04 * s, 0, 0], skin: true } },
      { name: `${side}UpperLeg`, parent: 'hips', at: [0.09 * s, -0.06, 0], box: { size: [0.1, 0.36, 0.1], centre: [0, -0.18, 0] } },
      { name: `${side}LowerLeg`, parent: `${side}UpperLeg`, at: [0, -0.36, 0], box: { size: [0.08, 0.34, 0.08], centre: [0, -0.17, 0], skin: true } },
      { name: `${side}Foot`, parent: `${side}LowerLeg`, at: [0, -0.34, 0], box: { size: [0.09, 0.05, 0.16], centre: [0, -0.02, 0.04] } },
    ];
  }),
];

/** A unit cube with flat normals: 24 vertices, 36 indices. */
function unitCube() {
  const faces: Array<[number[], number[], number[]]> = [
    [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ],
    [
      [-1, 0, 0],
      [0, 0, 1],
      [0, 1, 0],
    ],
    [
      [0, 1, 0],
      [0, 0, 1],
      [1, 0, 0],
    ],
    [
      [0, -1, 0],
      [1, 0, 0],
      [0, 0, 1],
    ],
    [
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [0, 0, -1],
      [0, 1, 0],
      [1, 0, 0],
    ],
  ];
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  faces.forEach(([n, u, v], f) => {
    for (const [a, b] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ] as const) {
      positions.push(...[0, 1, 2].map((i) => (n[i]! + a * u[i]! + b * v[i]!) / 2));
      normals.push(...n);
    }
    indices.push(f * 4, f * 4 + 1, f * 4 + 2, f * 4, f * 4 + 2, f * 4 + 3);
  });
  return { positions: new Float32Array(positions), normals: new Float32Array(normals), indices: new Uint16Array(indices) };
}

/**
 * Writes the built-in 3D avatar: a VRM 1.0 model with every required humanoid bone and a
 * box on each, so it can be posed and animated. Generated here because no model may be
 * downloaded; it is small (a few kilobytes) and the same on every start.
 */
export function buildDefaultVrm(name = 'Starlit Basic'): Buffer {
  const cube = unitCube();
  const buffer = new GlbBuffer();
  buffer.add(cube.positions, 'VEC3', { target: TARGET.ARRAY_BUFFER, min: [-0.5, -0.5, -0.5], max: [0.5, 0.5, 0.5] });
  buffer.add(cube.normals, 'VEC3', { target: TARGET.ARRAY_BUFFER });
  buffer.add(cube.indices, 'SCALAR', { target: TARGET.ELEMENT_ARRAY_BUFFER });
  const bin = buffer.bin();
  const nodes: Array<Record<string, unknown>> = [];
  const index = new Map<string, number>();
  BONES.forEach((bone, i) => {
    index.set(bone.name, i);
    nodes.push({ name: bone.name, translation: bone.at, children: [] as number[] });
  });
  for (const bone of BONES) {
    const self = nodes[index.get(bone.name)!]!;
    if (bone.parent) (nodes[index.get(bone.parent)!]!.children as number[]).push(index.get(bone.name)!);
    if (bone.box) {
      (self.children as number[]).push(nodes.length);
      nodes.push({ name: `${bone.name}_mesh`, mesh: bone.box.skin ? 0 : 1, translation: bone.box.centre, scale: bone.box.size });
    }
  }
  for (const node of nodes) if ((node.children as number[] | undefined)?.length === 0) delete node.children;
  const primitive = (material: number) => ({ attributes: { POSITION: 0, NORMAL: 1 }, indices: 2, material });
  const humanBones = Object.fromEntries(BONES.map((b) => [b.name, { node: index.get(b.name)! }]));
  const json = {
    asset: { version: '2.0', generator: 'Starlit default-vrm' },
    extensionsUsed: ['VRMC_vrm'],
    scene: 0,
    scenes: [{ nodes: [index.get('hips')!] }],
    nodes,
    meshes: [
      { name: 'skin', primitives: [primitive(0)] },
      { name: 'clothes', primitives: [primitive(1)] },
    ],
    materials: [
      { name: 'skin', pbrMetallicRoughness: { baseColorFactor: [1, 0.86, 0.78, 1], metallicFactor: 0, roughnessFactor: 0.8 } },
      { name: 'clothes', pbrMetallicRoughness: { baseColorFactor: [0.27, 0.21, 0.5, 1], metallicFactor: 0, roughnessFactor: 0.6 } },
    ],
    buffers: [{ byteLength: bin.length }],
    bufferViews: buffer.bufferViews,
    accessors: buffer.accessors,
    extensions: {
      VRMC_vrm: {
        specVersion: '1.0',
        meta: {
          name,
          version: '1',
          authors: ['Starlit'],
          licenseUrl: 'https://vrm.dev/licenses/1.0/',
          avatarPermission: 'everyone',
          allowExcessivelyViolentUsage: false,
          allowExcessivelySexualUsage: false,
          commercialUsage: 'corporation',
          allowPoliticalOrReligiousUsage: false,
          allowAntisocialOrHateUsage: false,
          creditNotation: 'unnecessary',
          allowRedistribution: true,
          modification: 'allowModificationRedistribution',
        },
        humanoid: { humanBones },
      },
    },
  };
  return writeGlb(json, bin);
}
