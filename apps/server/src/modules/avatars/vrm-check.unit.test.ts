import { describe, expect, it } from 'vitest';
import { alteredVrm, deeplyNestedVrm } from '../../../test/vrm.ts';
import { buildDefaultVrm } from './default-vrm.ts';
import { readGlbJson, writeGlb } from '../../platform/glb.ts';
import { HUMANOID_BONES } from '../../platform/vrm-humanoid.ts';
import { isVrm, MAX_GLTF_JSON_BYTES, MAX_GLTF_JSON_DEPTH, vrmProblem } from './vrm-check.ts';

describe('VRM or not', () => {
  it('tells VRM 0.x and 1.0 from plain glTF', () => {
    expect(isVrm(writeGlb({ extensionsUsed: ['VRM'] }, Buffer.alloc(0)))).toBe(true);
    expect(isVrm(writeGlb({ extensionsUsed: ['VRMC_vrm'] }, Buffer.alloc(0)))).toBe(true);
    expect(isVrm(writeGlb({ extensionsUsed: ['KHR_texture_transform'] }, Buffer.alloc(0)))).toBe(false);
    expect(isVrm(writeGlb({ asset: { version: '2.0' } }, Buffer.alloc(0)))).toBe(false);
  });
});

describe('built-in VRM', () => {
  const file = buildDefaultVrm();
  const read = readGlbJson(file);
  const json = ('json' in read ? read.json : {}) as {
    nodes: Array<{ name: string; mesh?: number; children?: number[] }>;
    accessors: Array<{ count: number }>;
    buffers: Array<{ byteLength: number }>;
    extensions: { VRMC_vrm: { specVersion: string; humanoid: { humanBones: Record<string, { node: number }> }; meta: { name: string } } };
  };

  it('is a small VRM 1.0 model with every humanoid bone (those VRM requires, chest and neck) on a node of that name', () => {
    expect(isVrm(file)).toBe(true);
    expect(file.length).toBeLessThan(16 * 1024);
    const vrm = json.extensions.VRMC_vrm;
    expect(vrm.specVersion).toBe('1.0');
    expect(vrm.meta.name).toBe('Starlit Basic');
    for (const bone of HUMANOID_BONES) expect(json.nodes[vrm.humanoid.humanBones[bone]!.node]!.name).toBe(bone);
  });

  it('has a box mesh on each bone and a binary chunk as long as its buffer says', () => {
    expect(json.nodes.filter((n) => n.mesh !== undefined).length).toBeGreaterThanOrEqual(HUMANOID_BONES.length);
    const binLength = file.readUInt32LE(20 + file.readUInt32LE(12));
    expect(binLength).toBeGreaterThanOrEqual(json.buffers[0]!.byteLength);
    expect(json.accessors.map((a) => a.count)).toEqual([24, 24, 36]);
  });

  it('is the same on every start', () => {
    expect(buildDefaultVrm().equals(file)).toBe(true);
  });
});

/** `depth` arrays, each inside the one before. */
const nested = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;

describe('an uploaded VRM is checked before it is stored', () => {
  it('accepts the built-in model, and buffers and images inside the file (BIN chunk, buffer view, data: URI)', () => {
    expect(vrmProblem(buildDefaultVrm())).toBeNull();
    const inside = alteredVrm((json) => {
      json.images = [{ bufferView: 0, mimeType: 'image/png' }, { uri: 'data:image/png;base64,iVBORw0KGgo=' }];
    });
    expect(vrmProblem(inside)).toBeNull();
  });

  it('refuses a buffer or an image at an external URI', () => {
    const buffer = alteredVrm((json) => {
      (json.buffers as Array<Record<string, unknown>>)[0].uri = 'http://attacker.example/model.bin';
    });
    expect(vrmProblem(buffer)).toBe('external-uri');
    for (const uri of ['https://attacker.example/skin.png', 'skin.png', 'file:///etc/passwd', '//attacker.example/a.png']) {
      expect(
        vrmProblem(
          alteredVrm((json) => {
            json.images = [{ uri }];
          }),
        ),
        uri,
      ).toBe('external-uri');
    }
    expect(
      vrmProblem(
        alteredVrm((json) => {
          json.images = [{ uri: 42 }];
        }),
      ),
    ).toBe('external-uri');
  });

  it('refuses JSON nested deeper than the bound without parsing it, and counts no brackets inside strings', () => {
    expect(vrmProblem(deeplyNestedVrm(100_000))).toBe('too-deep');
    expect(vrmProblem(deeplyNestedVrm(MAX_GLTF_JSON_DEPTH))).toBe('too-deep');
    expect(
      vrmProblem(
        alteredVrm((json) => {
          json.extras = nested(MAX_GLTF_JSON_DEPTH - 1);
        }),
      ),
    ).toBeNull();
    expect(
      vrmProblem(
        alteredVrm((json) => {
          json.extras = { note: '[[[[{{{{"\\'.repeat(100) };
        }),
      ),
    ).toBeNull();
  });

  it('refuses a JSON chunk over the size bound, glTF other than 2.x, and what is not a VRM', () => {
    const huge = alteredVrm((json) => {
      json.extras = { padding: 'x'.repeat(MAX_GLTF_JSON_BYTES) };
    });
    expect(vrmProblem(huge)).toBe('json-too-large');
    expect(
      vrmProblem(
        alteredVrm((json) => {
          json.asset = { version: '1.0' };
        }),
      ),
    ).toBe('not-gltf-2');
    expect(
      vrmProblem(
        alteredVrm((json) => {
          delete json.asset;
        }),
      ),
    ).toBe('not-gltf-2');
    expect(
      vrmProblem(
        alteredVrm((json) => {
          json.asset = { version: '2.1' };
        }),
      ),
    ).toBeNull();
    expect(
      vrmProblem(
        alteredVrm((json) => {
          json.buffers = { uri: 'x' };
        }),
      ),
    ).toBe('not-gltf-2');
    expect(vrmProblem(writeGlb({ asset: { version: '2.0' } }, Buffer.alloc(0)))).toBe('not-vrm');
    expect(vrmProblem(Buffer.from('glTF but not really'))).toBe('not-vrm');
  });
});
