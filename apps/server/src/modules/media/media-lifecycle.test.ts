import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { calls } from '@starlit/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { STORES, startStore, type TestStore } from '../../../test/stores.ts';
import { voiceWav } from '../../../test/voice-clips.ts';
import { agents, voices } from '../../db/schema/index.ts';
import { ORPHAN_GRACE_MS } from '../../platform/storage-sweep.ts';
import { contentTypeOf } from '../../platform/storage.ts';
import { buildDefaultVrm } from '../avatars/default-vrm.ts';
import { resizedCopyName } from './resize.ts';

/** Stored files live as long as the rows that use them: deleted with them, or swept as orphans. */

describe.each(STORES)('files in the %s store', (kind) => {
  let t: TestServer;
  let store: TestStore;
  let dataDir: string;
  let owner: SignedIn;

  const status = async (url: string) => (await t.starlit.app.inject({ method: 'GET', url })).statusCode;
  const b64 = (b: Buffer) => b.toString('base64');
  const picture = (background: string) =>
    sharp({ create: { width: 300, height: 300, channels: 3, background } })
      .webp()
      .toBuffer();
  /** The resized copy of `key` at 100 pixels, made by asking for it; answers its name. */
  async function resizedCopy(key: string) {
    expect(await status(`/media/${key}?image_process=resize,w_100`)).toBe(200);
    const name = resizedCopyName(key, 100, (await t.starlit.storage.open(key))!.modifiedAt);
    expect(await t.starlit.storage.readCopy(key, name)).not.toBeNull();
    return name;
  }

  async function newAgent(ownerId: string) {
    const [row] = await t.starlit.database.db.insert(agents).values({ ownerId, nickname: 'Luna' }).returning({ id: agents.id });
    return row!.id;
  }

  async function settledVoice(id: string, token: string) {
    for (let i = 0; i < 150; i++) {
      const res = await t.call<{ status: string; sample: string | null }>('/ai/api/v1/voice/detail', { id }, { token });
      if (res.body.data.status !== 'creating') return res.body.data;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the clone never finished');
  }

  /** A file written straight into the store, as no row points at it. */
  async function storedFile(key: string, body: Buffer = Buffer.from('bytes')) {
    await t.starlit.storage.put(key, body, contentTypeOf(key));
  }

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-media-life-'));
    store = await startStore(kind);
    t = await startTestServer({ DATA_DIR: dataDir, ...store.env });
    owner = await t.user();
  });

  afterAll(async () => {
    await t?.close();
    await store?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  describe('deleting the owner deletes the files', () => {
    it('a deleted agent’s uploaded picture and model answer 404; the built-in model stays', async () => {
      const a = calls.avatars;
      const agentId = await newAgent(owner.userId);
      const upload = await picture('#abc');
      const image = (await t.call<{ image2d: string }>(a.upload2d.path, { agentId, image: b64(upload) }, { token: owner.token })).body.data.image2d;
      const model = (await t.call<{ model3d: string }>(a.upload3d.path, { agentId, vrm: b64(buildDefaultVrm('Mine')) }, { token: owner.token })).body.data.model3d;
      const other = await newAgent(owner.userId);
      const builtIn = (await t.call<{ model3d: string }>(a.useDefault3d.path, { agentId: other, modelId: 'starlit-basic' }, { token: owner.token })).body.data.model3d;
      const otherImage = (await t.call<{ image2d: string }>(a.upload2d.path, { agentId: other, image: b64(upload) }, { token: owner.token })).body.data.image2d;
      for (const url of [image, model, builtIn, otherImage]) expect(await status(url), url).toBe(200);

      const deleted = await t.call<{ deleted: number }>(calls.agents.delete.path, { ids: [agentId] }, { token: owner.token });
      expect(deleted.body.data.deleted).toBe(1);
      expect(await status(image)).toBe(404);
      expect(await status(model)).toBe(404);
      expect(await status(builtIn)).toBe(200);
      expect(await status(otherImage)).toBe(200);
      const [row] = await t.starlit.database.db.select().from(agents).where(eq(agents.id, agentId));
      expect(row).toMatchObject({ avatar: null, avatarVrm: null });

      // deleting the agent that uses the built-in model leaves the model for everyone else
      await t.call(calls.agents.delete.path, { ids: [other] }, { token: owner.token });
      expect(await status(builtIn)).toBe(200);
      expect(await status(otherImage)).toBe(404);
    });

    it('a deleted voice’s clip and spoken sample answer 404', async () => {
      const u = await t.user();
      const made = await t.call<{ id: string }>('/ai/api/v1/voice/clone', { name: 'Me', gender: 'Female', audio: b64(voiceWav({ seconds: 5, sampleRate: 44_100, pitchHz: 210 })) }, { token: u.token });
      const voice = await settledVoice(made.body.data.id, u.token);
      expect(voice.status).toBe('done');
      const [row] = await t.starlit.database.db.select().from(voices).where(eq(voices.id, made.body.data.id));
      const clipUrl = `/media/${row!.clipKey}`;
      expect(await status(clipUrl)).toBe(200);
      if (voice.sample) expect(await status(voice.sample)).toBe(200);

      expect((await t.call('/ai/api/v1/voice/delete', { id: made.body.data.id }, { token: u.token })).body).toMatchObject({ code: 0 });
      expect(await status(clipUrl)).toBe(404);
      if (voice.sample) expect(await status(voice.sample)).toBe(404);
    });

    it('a failed clone’s clip is deleted and forgotten', async () => {
      const u = await t.user();
      const silence = voiceWav({ seconds: 4, sampleRate: 22_050, pitchHz: 0 });
      const made = await t.call<{ id: string }>('/ai/api/v1/voice/clone', { name: 'Quiet', gender: 'Male', audio: b64(silence) }, { token: u.token });
      const [before] = await t.starlit.database.db.select().from(voices).where(eq(voices.id, made.body.data.id));
      const clipUrl = `/media/${before!.clipKey}`;
      expect((await settledVoice(made.body.data.id, u.token)).status).toBe('failed');
      expect(await status(clipUrl)).toBe(404);
      const [after] = await t.starlit.database.db.select().from(voices).where(eq(voices.id, made.body.data.id));
      expect(after!.clipKey).toBeNull();
    });
  });

  describe('the orphan sweep', () => {
    it('deletes files no row uses once they are a day old, and keeps referenced and seeded ones', async () => {
      const agentId = await newAgent(owner.userId);
      const shown = (await t.call<{ image2d: string }>(calls.avatars.upload2d.path, { agentId, image: b64(await picture('#def')) }, { token: owner.token })).body.data.image2d;
      const shownKey = shown.slice('/media/'.length);
      const replacedKey = `avatars/${agentId}/replaced.webp`;
      const orphans = [replacedKey, 'avatars/00000000-0000-4000-8000-000000000000/gone.vrm', 'voices/clips/abandoned.wav', 'agents/00000000-0000-4000-8000-000000000000/audition-x.wav'];
      for (const key of orphans) await storedFile(key, key === replacedKey ? await picture('#fed') : undefined);
      await storedFile('seed/agents/luna.webp');
      const shownCopy = await resizedCopy(shownKey);
      const replacedCopy = await resizedCopy(replacedKey);

      // written just now, as an upload is before the row that points at it: kept
      await t.starlit.services.media.sweep();
      for (const key of orphans) expect(await status(`/media/${key}`), key).toBe(200);

      const dayLater = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
      expect(await t.starlit.services.media.sweep(dayLater)).toBeGreaterThanOrEqual(orphans.length);
      for (const key of orphans) expect(await status(`/media/${key}`), key).toBe(404);
      for (const key of [shownKey, 'seed/agents/luna.webp']) expect(await status(`/media/${key}`), key).toBe(200);
      expect(await t.starlit.storage.readCopy(replacedKey, replacedCopy)).toBeNull();
      expect(await t.starlit.storage.readCopy(shownKey, shownCopy)).not.toBeNull();
    });
  });

  describe('resized copies', () => {
    it('go with the picture they were made from', async () => {
      const agentId = await newAgent(owner.userId);
      const image = (await t.call<{ image2d: string }>(calls.avatars.upload2d.path, { agentId, image: b64(await picture('#123')) }, { token: owner.token })).body.data.image2d;
      const key = image.slice('/media/'.length);
      const copy = await resizedCopy(key);
      await t.call(calls.agents.delete.path, { ids: [agentId] }, { token: owner.token });
      expect(await t.starlit.storage.readCopy(key, copy)).toBeNull();
    });
  });
});
