import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type CallDef, calls, ErrorCode } from '@starlit/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDraftAgent, buildUser } from '../../../test/factories.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { alteredVrm, deeplyNestedVrm } from '../../../test/vrm.ts';
import { buildDefaultVrm } from './default-vrm.ts';
import { writeGlb } from '../../platform/glb.ts';
import { isVrm } from './vrm-check.ts';

const c = calls.avatars;
let t: TestServer;
let dataDir: string;
let owner: SignedIn;
let other: SignedIn;

const get = (url: string) => t.starlit.app.inject({ method: 'GET', url });
const newAgent = async () => (await buildDraftAgent(t, owner)).id;
const b64 = (b: Buffer) => b.toString('base64');

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-avatars-'));
  t = await startTestServer({ DATA_DIR: dataDir });
  owner = await buildUser(t);
  other = await buildUser(t);
});

afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('access', () => {
  it("every avatar call: 401 anonymous, 403 for someone else's agent or job", async () => {
    const agentId = await newAgent();
    const gen = await t.call(c.generate2d, { agentId, name: 'Luna', description: 'a cat girl', style: 'anime' }, { as: owner });
    const { jobId } = gen.body.data;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const bodies: Array<[CallDef, unknown]> = [
      [c.generate2d, { agentId, name: 'Luna', description: 'a cat girl', style: 'anime' }],
      [c.status, { jobId }],
      [c.retry, { jobId }],
      [c.get, { agentId }],
      [c.upload2d, { agentId, image: b64(png) }],
      [c.upload3d, { agentId, vrm: b64(buildDefaultVrm()) }],
      [c.useDefault3d, { agentId, modelId: 'starlit-basic' }],
      [c.setKind, { agentId, kind: '2d' }],
    ];
    for (const [call, body] of bodies) {
      expect((await t.call(call, body)).status, `${call.path} anonymous`).toBe(401);
      const res = await t.call(call, body, { as: other });
      expect(res.status, `${call.path} other user`).toBe(403);
      expect(res.body.code).toBe(ErrorCode.FORBIDDEN);
    }
    for (const call of [c.defaults3d, c.engine]) {
      expect((await t.call(call, {})).status).toBe(401);
      expect((await t.call(call, {}, { as: other })).status).toBe(200);
    }
  });

  it('an unknown agent or job is not found', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const gen = await t.call(c.generate2d, { agentId: missing, name: 'a', description: 'b', style: 'anime' }, { as: owner });
    expect(gen.body.code).toBe(ErrorCode.AGENT_NOT_FOUND);
    expect((await t.call(c.status, { jobId: missing }, { as: owner })).body.code).toBe(ErrorCode.AVATAR_JOB_NOT_FOUND);
  });
});

describe('generate2d', () => {
  it('refuses a missing name, description or style with the SPEC §5 message in both languages', async () => {
    const agentId = await newAgent();
    const full = { agentId, name: 'Luna', description: 'a cat girl', style: 'anime' };
    for (const field of ['name', 'description', 'style'] as const) {
      // blank, and left out (JSON drops an undefined field)
      for (const without of [
        { ...full, [field]: '  ' },
        { ...full, [field]: undefined },
      ]) {
        const en = await t.call(c.generate2d, without, { as: owner, lang: 'en_US' });
        expect(en.body).toMatchObject({ code: ErrorCode.AVATAR_FIELDS_REQUIRED, message: 'Avatar generation requires a name, a description and a style' });
        const zh = await t.call(c.generate2d, without, { as: owner, lang: 'zh_TW' });
        expect(zh.body).toMatchObject({ code: ErrorCode.AVATAR_FIELDS_REQUIRED, message: '生成形象需要名稱、描述和風格' });
      }
    }
    const odd = await t.call(c.generate2d, { ...full, style: 'baroque' }, { as: owner });
    expect(odd.body.code).toBe(ErrorCode.AVATAR_UNKNOWN_STYLE);
  });
});

describe('engine', () => {
  it('says plainly that the offline procedural engine draws when no provider is set', async () => {
    const res = await t.call(c.engine, {}, { as: owner });
    expect(res.body.data).toEqual({ engine: 'Starlit procedural image engine (offline)', offline: true });
  });
});

describe('upload2d', () => {
  it('refuses a file that is not an image whatever it claims, and one over 5 MB', async () => {
    const agentId = await newAgent();
    const fake = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n'), Buffer.from('not really a picture')]);
    for (const lang of ['en_US', 'zh_TW']) {
      const res = await t.call(c.upload2d, { agentId, image: b64(fake) }, { as: owner, lang });
      expect(res.body.code).toBe(ErrorCode.AVATAR_BAD_IMAGE);
      expect(res.body.message).toBe(lang === 'en_US' ? 'The file is not a JPG, PNG or WebP image' : '檔案不是 JPG、PNG 或 WebP 圖片');
    }
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await t.call(c.upload2d, { agentId, image: b64(gif) }, { as: owner })).body.code).toBe(ErrorCode.AVATAR_BAD_IMAGE);
    const huge = await t.call(c.upload2d, { agentId, image: b64(Buffer.alloc(5 * 1024 * 1024 + 1)) }, { as: owner });
    expect(huge.body.code).toBe(ErrorCode.AVATAR_IMAGE_TOO_LARGE);
  });

  it("stores a PNG re-encoded without its EXIF metadata, and applies a JPEG's EXIF orientation", async () => {
    const agentId = await newAgent();
    const exif = { IFD0: { Copyright: 'secret owner', ImageDescription: 'home address' } };
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#44367f' } })
      .png()
      .withExif(exif)
      .toBuffer();
    expect((await sharp(png).metadata()).exif).toBeDefined();
    const res = await t.call(c.upload2d, { agentId, image: b64(png) }, { as: owner });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ kind: '2d' });
    const stored = await get(res.body.data.image2d ?? '');
    expect(stored.statusCode).toBe(200);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 20 });
    expect(meta.exif).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('secret owner'))).toBe(false);

    // orientation 6: stored sideways, shown rotated a quarter turn
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ff8bd1' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const turned = await t.call(c.upload2d, { agentId, image: b64(jpeg) }, { as: owner });
    const upright = await sharp((await get(turned.body.data.image2d ?? '')).rawPayload).metadata();
    expect(upright).toMatchObject({ width: 20, height: 40 });
    expect(upright.orientation).toBeUndefined();
  });
});

describe('3D avatars', () => {
  it('refuses a glTF binary without the VRM extension and random bytes; accepts a VRM', async () => {
    const agentId = await newAgent();
    const plainGlb = writeGlb({ asset: { version: '2.0' }, extensionsUsed: ['KHR_materials_unlit'] }, Buffer.alloc(0));
    for (const file of [plainGlb, Buffer.from('glTF but not really'), Buffer.from('{"extensionsUsed":["VRM"]}')]) {
      const res = await t.call(c.upload3d, { agentId, vrm: b64(file) }, { as: owner, lang: 'zh_TW' });
      expect(res.body).toMatchObject({ code: ErrorCode.AVATAR_BAD_VRM, message: '檔案不是 VRM 模型（需為帶有 VRM 擴充的 glTF 二進位檔）' });
    }
    expect((await t.call(c.setKind, { agentId, kind: '3d' }, { as: owner })).body.code).toBe(ErrorCode.AVATAR_NO_3D_MODEL_YET);
    const vrm = buildDefaultVrm('Uploaded');
    const ok = await t.call(c.upload3d, { agentId, vrm: b64(vrm) }, { as: owner });
    expect(ok.body.data.kind).toBe('3d');
    const served = await get(ok.body.data.model3d ?? '');
    expect(served.headers['content-type']).toBe('model/gltf-binary');
    expect(served.rawPayload.equals(vrm)).toBe(true);
    expect((await t.call(c.setKind, { agentId, kind: '2d' }, { as: owner })).body.code).toBe(ErrorCode.AVATAR_NO_2D_IMAGE);
  });

  it('checks the glTF JSON before storing: external URIs, deep nesting, glTF 1 are refused, in the caller’s language', async () => {
    const agentId = await newAgent();
    const external = alteredVrm((json) => {
      (json.buffers as Array<Record<string, unknown>>)[0].uri = 'http://attacker.example/model.bin';
    });
    const cases: Array<[Buffer, number, string, string]> = [
      [external, ErrorCode.AVATAR_VRM_EXTERNAL_URI, 'zh_TW', 'VRM 模型指向檔案以外的資源：緩衝區與圖片都必須包含在檔案內'],
      [
        alteredVrm((json) => {
          json.images = [{ uri: 'https://attacker.example/face.png' }];
        }),
        ErrorCode.AVATAR_VRM_EXTERNAL_URI,
        'en_US',
        'The VRM model points at files outside it: its buffers and images must be inside the file',
      ],
      [deeplyNestedVrm(50_000), ErrorCode.AVATAR_VRM_TOO_DEEP, 'en_US', "The VRM model's glTF JSON is nested more than 64 levels deep"],
      [deeplyNestedVrm(50_000), ErrorCode.AVATAR_VRM_TOO_DEEP, 'zh_TW', 'VRM 模型的 glTF JSON 巢狀超過 64 層'],
      [
        alteredVrm((json) => {
          json.asset = { version: '1.0' };
        }),
        ErrorCode.AVATAR_VRM_NOT_GLTF_2,
        'zh_TW',
        'VRM 模型不是 glTF 2.0（asset.version 須為 2.0）',
      ],
    ];
    for (const [file, code, lang, message] of cases) {
      const res = await t.call(c.upload3d, { agentId, vrm: b64(file) }, { as: owner, lang });
      expect(res.body).toMatchObject({ code, message });
    }
    const after = await t.call(c.get, { agentId }, { as: owner });
    expect(after.body.data.model3d).toBeNull();
    await expect(fs.readdir(path.join(dataDir, 'media', 'avatars', agentId))).rejects.toThrow(/ENOENT/);
  });

  it('refuses a model over 16 MB', async () => {
    const agentId = await newAgent();
    const res = await t.call(c.upload3d, { agentId, vrm: b64(Buffer.alloc(16 * 1024 * 1024 + 1)) }, { as: owner });
    expect(res.body.code).toBe(ErrorCode.AVATAR_VRM_TOO_LARGE);
  });

  it('lists the built-in model, serves it as a valid VRM and gives it to an agent', async () => {
    const agentId = await newAgent();
    const list = await t.call(c.defaults3d, {}, { as: owner });
    expect(list.body.data.items.map((m) => m.id)).toEqual(['starlit-basic']);
    const file = await get(list.body.data.items[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(isVrm(file.rawPayload)).toBe(true);
    const used = await t.call(c.useDefault3d, { agentId, modelId: 'starlit-basic' }, { as: owner });
    expect(used.body.data).toMatchObject({ kind: '3d', model3d: list.body.data.items[0]!.url });
    expect((await t.call(c.useDefault3d, { agentId, modelId: 'nope' }, { as: owner })).body.code).toBe(ErrorCode.AVATAR_UNKNOWN_DEFAULT_MODEL);
  });
});
