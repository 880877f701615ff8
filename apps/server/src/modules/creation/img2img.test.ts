import { calls, ErrorCode, type Creation } from '@starlit/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { buildUser } from '../../../test/factories.ts';
import { automatic1111Provider, balances, grant, tempDirs } from '../../../test/job-beds.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { readParameters } from '../../ai/image/png-parameters.ts';
import { PROCEDURAL_IMAGE_ENGINE } from '../../ai/image/procedural.ts';
import { fitToSize } from '../../ai/image/ratio.ts';
import { creations } from '../../db/schema/creation.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';

// img2Img in the studio (docs/creation.md, img2Img pipeline): an uploaded picture redrawn by the
// offline style filters and through a local server speaking AUTOMATIC1111's img2img protocol.

const c = calls.creation;
// each suite starts an app of its own, migrating a fresh database
const SLOW = 120_000;
let keys = 0;
const newKey = () => `ik_${Date.now().toString(36)}_${keys++}`;
const dirs = tempDirs('starlit-img2img-');
afterAll(() => dirs.cleanup());

/** A photo-like JPEG made by sharp: a gradient sky, a sun and a hill, so filters have edges and colours to work on. */
const jpeg = await sharp(
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320"><defs><linearGradient id="g" x2="0" y2="1"><stop offset="0" stop-color="#2a7ab0"/><stop offset="1" stop-color="#f2c14e"/></linearGradient></defs><rect width="480" height="320" fill="url(#g)"/><circle cx="330" cy="110" r="55" fill="#e4572e"/><path d="M0 320 L0 230 Q160 150 300 230 T480 220 L480 320 Z" fill="#1b998b"/></svg>`,
  ),
)
  .jpeg({ quality: 90 })
  .toBuffer();
/** A PNG portrait with transparency around a figure. */
const png = await sharp(
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect x="40" y="40" width="220" height="320" rx="30" fill="#c9b6ff"/><circle cx="150" cy="140" r="60" fill="#ff9ec4"/><rect x="90" y="220" width="120" height="120" fill="#2b2340"/></svg>`,
  ),
)
  .png()
  .toBuffer();

const upload = (t: TestServer, as: SignedIn, bytes: Buffer) => t.ok(c.upload, { kind: 'image', data: bytes.toString('base64') }, { as });
const ended = (t: TestServer, as: SignedIn, id: string, lang = 'en_US') =>
  eventually(
    () => t.ok(c.get, { id }, { as, lang }),
    (r: Creation) => r.state !== 'generating',
    50,
  );

/** The settling transfers (post or void) of a creation's hold: there must be exactly one. */
async function settlements(t: TestServer, id: string) {
  const [row] = await t.starlit.database.db.select().from(creations).where(eq(creations.id, id));
  return t.starlit.database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.resolves, row!.holdId));
}

/** The bytes of a finished creation's downloaded file, and its name. */
async function downloaded(t: TestServer, as: SignedIn, id: string) {
  const file = await t.ok(c.download, { id }, { as });
  return { fileName: file.fileName, bytes: (await t.starlit.app.inject({ method: 'GET', url: file.url })).rawPayload };
}

/** Mean absolute difference per channel, 0–255, between two pictures of one size. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((i) => sharp(i).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer()));
  expect(x!.length).toBe(y!.length);
  let sum = 0;
  for (let i = 0; i < x!.length; i++) sum += Math.abs(x![i]! - y![i]!);
  return sum / x!.length;
}

describe('img2Img with the offline engine', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ DATA_DIR: await dirs.make() });
  }, SLOW);
  afterAll(async () => {
    await t?.close();
  });

  it(
    'redraws an uploaded JPEG and PNG, further from them at strength 1 than at 0, keeping the settings in the PNG',
    async () => {
      const u = await buildUser(t);
      await grant(t, u, 'CAC', 3);
      const [photo, portrait] = [await upload(t, u, jpeg), await upload(t, u, png)];
      expect([photo.mime, portrait.mime]).toEqual(['image/jpeg', 'image/png']);
      const input = { workflow: 'img2Img' as const, description: 'the hill at dusk', style: 'watercolor' as const, ratio: '4:3' as const, referenceKey: photo.key };
      const close = await t.ok(c.create, { ...input, strength: 0, key: newKey() }, { as: u });
      const far = await t.ok(c.create, { ...input, strength: 1, key: newKey() }, { as: u });
      expect(close).toMatchObject({ state: 'generating', engine: PROCEDURAL_IMAGE_ENGINE, cost: { currency: 'CAC', amount: 1 } });
      const [closeDone, farDone] = [await ended(t, u, close.id), await ended(t, u, far.id)];
      for (const done of [closeDone, farDone]) {
        expect(done).toMatchObject({ state: 'done', workflow: 'img2Img', engine: PROCEDURAL_IMAGE_ENGINE, resultMime: 'image/png', facts: { width: 768, height: 576 } });
        expect(done.files).toEqual([
          { role: 'image', url: done.resultUrl, mime: 'image/png' },
          { role: 'reference', url: photo.url, mime: 'image/jpeg' },
        ]);
      }
      const closeFile = await downloaded(t, u, close.id);
      const farFile = await downloaded(t, u, far.id);
      expect(closeFile.fileName).toBe(`starlit-img2Img-${close.id.slice(0, 8)}.png`);
      expect(await sharp(closeFile.bytes).metadata()).toMatchObject({ format: 'png', width: 768, height: 576 });
      // the reference as the result would be if nothing were redrawn: the same crop at the same size
      const reference = await fitToSize(jpeg, 768, 576);
      const [dClose, dFar] = [await difference(reference, closeFile.bytes), await difference(reference, farFile.bytes)];
      expect(dClose).toBeGreaterThan(3);
      expect(dFar).toBeGreaterThan(dClose + 10);
      expect(readParameters(closeFile.bytes)).toMatchObject({ prompt: 'the hill at dusk', settings: { 'Denoising strength': '0', Style: 'watercolor', Size: '768x576' } });
      expect(readParameters(farFile.bytes)?.settings).toMatchObject({ 'Denoising strength': '1' });

      // a PNG with transparency, at another ratio; the strength is kept in hundredths, as the slider sets it
      const made = await t.ok(c.create, { ...input, referenceKey: portrait.key, ratio: '3:4', style: 'anime', strength: 0.504, key: newKey() }, { as: u });
      expect(made.params).toMatchObject({ workflow: 'img2Img', strength: 0.5, referenceKey: portrait.key, ratio: '3:4' });
      const done = await ended(t, u, made.id);
      expect(done.facts).toEqual({ width: 576, height: 768 });
      const file = await downloaded(t, u, made.id);
      const portraitOnWhite = await sharp(await fitToSize(png, 576, 768))
        .flatten({ background: '#ffffff' })
        .png()
        .toBuffer();
      expect(await difference(portraitOnWhite, file.bytes)).toBeGreaterThan(3);
      // the transparent surround was laid on white before redrawing, not on the black under it
      const corner = await sharp(file.bytes).extract({ left: 0, top: 0, width: 20, height: 20 }).stats();
      expect(Math.min(...corner.channels.map((ch) => ch.mean))).toBeGreaterThan(150);
      expect(readParameters(file.bytes)?.settings).toMatchObject({ 'Denoising strength': '0.5', Style: 'anime', Size: '576x768' });

      for (const { id } of [close, far, made]) expect((await settlements(t, id)).map((s) => s.status)).toEqual(['post']);
      expect(await balances(t, u)).toMatchObject({ CAC: 0 });
      // a reference a creation names survives the sweep of unused uploads (Regenerate reads it again)
      await t.starlit.services.media.sweep(new Date(Date.now() + 2 * 24 * 3600_000));
      expect(await t.starlit.storage.read(photo.key)).not.toBeNull();
      // published, the work shows the result but never the author's own starting photo
      const published = await t.ok(c.publish, { id: made.id, name: 'Hill at dusk' }, { as: u });
      const work = await t.ok(calls.works.get, { id: published.workId! });
      expect(work.creation?.files.map((f) => f.role)).toEqual(['image']);
      expect(work.creation?.params).toMatchObject({ workflow: 'img2Img', referenceKey: 'private' });
      expect(JSON.stringify(work)).not.toContain(portrait.key);
      expect(await t.starlit.services.ledger.violations()).toEqual([]);
    },
    SLOW,
  );

  it('refuses another person’s upload, a made-up key and a stored file that is no longer a picture, holding nothing', async () => {
    const [u, other] = [await buildUser(t), await buildUser(t)];
    await grant(t, u, 'CAC', 1);
    const theirs = await upload(t, other, jpeg);
    const input = { workflow: 'img2Img' as const, description: 'a borrowed picture', style: 'anime' as const, ratio: '1:1' as const, strength: 0.5 };
    const refused = await t.call(c.create, { ...input, referenceKey: theirs.key, key: newKey() }, { as: u, lang: 'zh_TW' });
    expect(refused.body).toMatchObject({ code: ErrorCode.CREATION_UPLOAD_NOT_FOUND, message: '找不到上傳的檔案，請重新上傳' });
    for (const referenceKey of [
      `creations/${u.userId}/uploads/made-up.png`,
      `creations/${u.userId}/uploads/../../${other.userId}/uploads/${theirs.key.split('/').pop()}`,
      'defaults/vrm/starlit-basic.vrm',
    ]) {
      const answer = await t.call(c.create, { ...input, referenceKey, key: newKey() }, { as: u });
      expect(answer.body).toMatchObject({ code: ErrorCode.CREATION_UPLOAD_NOT_FOUND, message: 'The uploaded file was not found, please upload it again' });
    }
    // an upload whose stored bytes are no longer a picture is judged again before anything is held
    const mine = await upload(t, u, png);
    await t.starlit.storage.put(mine.key, Buffer.from('not a picture any more'), 'image/png');
    expect((await t.call(c.create, { ...input, referenceKey: mine.key, key: newKey() }, { as: u })).body.code).toBe(ErrorCode.CREATION_IMAGE_TYPE);
    expect((await t.call(c.create, { ...input, strength: 1.5, referenceKey: mine.key, key: newKey() }, { as: u })).body.code).toBe(ErrorCode.VALIDATION);
    expect(await balances(t, u)).toMatchObject({ CAC: 1 });
    expect((await t.ok(c.list, {}, { as: u })).items).toEqual([]);
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });
});

describe('img2Img through AUTOMATIC1111', () => {
  let t: TestServer;
  let provider: Awaited<ReturnType<typeof automatic1111Provider>>;
  beforeAll(async () => {
    provider = await automatic1111Provider();
    t = await startTestServer({ DATA_DIR: await dirs.make(), IMAGE_PROVIDER: 'automatic1111', IMAGE_BASE_URL: provider.url, IMAGE_MODEL: 'fake-sd15' });
  }, SLOW);
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('posts the reference as init_images with denoising_strength, and keeps the server’s infotext in the PNG', async () => {
    const u = await buildUser(t);
    await grant(t, u, 'CAC', 1);
    const photo = await upload(t, u, jpeg);
    provider.state.requests.length = 0;
    const made = await t.ok(c.create, { workflow: 'img2Img', description: 'the hill at dusk', style: 'watercolor', ratio: '16:9', strength: 0.35, referenceKey: photo.key, key: newKey() }, { as: u });
    expect(made.engine).toBe('fake-sd15 (AUTOMATIC1111)');
    const done = await ended(t, u, made.id);
    expect(done).toMatchObject({ state: 'done', engine: 'fake-sd15 (AUTOMATIC1111)', facts: { width: 768, height: 432 } });
    expect(provider.state.requests).toHaveLength(1);
    const [sent] = provider.state.requests;
    expect(sent!.path).toBe('/sdapi/v1/img2img');
    // Stable Diffusion sizes are multiples of 64: 768×432 is asked as 768×448 and cut back
    expect(sent!.body).toMatchObject({ prompt: 'the hill at dusk, watercolor style', denoising_strength: 0.35, width: 768, height: 448, override_settings: { sd_model_checkpoint: 'fake-sd15' } });
    const [init] = sent!.body.init_images as string[];
    const initImage = Buffer.from(init!, 'base64');
    expect(await sharp(initImage).metadata()).toMatchObject({ width: 768, height: 448 });
    // what was sent is the person's picture, not a blank
    expect(await difference(initImage, await fitToSize(jpeg, 768, 448))).toBeLessThan(3);
    const file = await downloaded(t, u, made.id);
    expect(await sharp(file.bytes).metadata()).toMatchObject({ format: 'png', width: 768, height: 432 });
    expect(readParameters(file.bytes)).toMatchObject({
      prompt: 'the hill at dusk, watercolor style',
      settings: { 'Denoising strength': '0.35', 'Model hash': '7f96a1a9ca', Version: 'v1.10.1', Seed: String(sent!.body.seed), Size: '768x432' },
    });
    expect((await settlements(t, made.id)).map((s) => s.status)).toEqual(['post']);
  });

  it(
    'refunds once, as "Generation failed", when the provider answers 500 on both attempts',
    async () => {
      const u = await buildUser(t);
      await grant(t, u, 'JE', 2);
      const photo = await upload(t, u, png);
      provider.state.requests.length = 0;
      provider.state.down = true;
      try {
        const made = await t.ok(c.create, { workflow: 'img2Img', description: 'a portrait', style: 'anime', ratio: '1:1', strength: 0.6, referenceKey: photo.key, key: newKey() }, { as: u });
        expect(await balances(t, u)).toMatchObject({ JE: 0 });
        const failed = await ended(t, u, made.id, 'zh_TW');
        expect(failed).toMatchObject({ state: 'failed', errorCode: ErrorCode.CREATION_GENERATION_FAILED, error: '生成失敗', resultUrl: null, files: [] });
        expect(provider.state.requests.map((r) => r.path)).toEqual(['/sdapi/v1/img2img', '/sdapi/v1/img2img']);
        expect((await settlements(t, made.id)).map((s) => s.status)).toEqual(['void']);
        expect(await balances(t, u)).toMatchObject({ JE: 2 });
        expect((await t.call(c.download, { id: made.id }, { as: u })).body.code).toBe(ErrorCode.CREATION_NOT_DONE);
      } finally {
        provider.state.down = false;
      }
      expect(await t.starlit.services.ledger.violations()).toEqual([]);
    },
    SLOW,
  );
});
