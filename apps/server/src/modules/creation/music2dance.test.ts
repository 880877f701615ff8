import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { calls, ErrorCode, type Creation } from '@starlit/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { buildDraftAgent, buildStoreItem, buildUser } from '../../../test/factories.ts';
import { balances, grant, tempDirs } from '../../../test/job-beds.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { HTTP_DANCE_ENGINE, OFFLINE_DANCE_ENGINE, offlineDanceModel } from '../../ai/dance/index.ts';
import { renderTempoTrack } from '../../ai/music/song.ts';
import { encodeWav } from '../../ai/music/wav.ts';
import { creations } from '../../db/schema/creation.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';
import { readGlb } from '../../platform/glb.ts';
import { buildDefaultVrm } from '../avatars/default-vrm.ts';
import { DEFAULT_DANCER } from './workflows/music2dance.ts';

const c = calls.creation;
const SLOW = 120_000;
let keys = 0;
const newKey = () => `dk_${Date.now().toString(36)}_${keys++}`;
const dirs = tempDirs('starlit-dance-');
afterAll(() => dirs.cleanup());

/** A composer piece at 120 bpm, about 20 s, as a WAV: its beats are known. */
const SONG = (() => {
  const song = renderTempoTrack(120, 20);
  return encodeWav(song.samples, song.sampleRate);
})();

const upload = (t: TestServer, as: SignedIn) => t.ok(c.upload, { kind: 'song', data: SONG.toString('base64') }, { as });
const dance = (song: Extract<Creation['params'], { workflow: 'music2Dance' }>['song'], agentId?: string) => ({
  workflow: 'music2Dance' as const,
  description: '',
  song,
  ...(agentId ? { agentId } : {}),
  key: newKey(),
});

const ended = (t: TestServer, as: SignedIn, id: string) =>
  eventually(
    () => t.ok(c.get, { id }, { as }),
    (r: Creation) => r.state !== 'generating',
    50,
  );

/** The settling transfers (post or void) of a creation's hold: there must be exactly one. */
async function settlements(t: TestServer, id: string) {
  const [row] = await t.starlit.database.db.select().from(creations).where(eq(creations.id, id));
  return t.starlit.database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.resolves, row!.holdId));
}

const fileOf = (creation: Creation, role: string) => creation.files.find((f) => f.role === role)!;
const read = async (t: TestServer, url: string) => (await t.starlit.storage.read(t.starlit.storage.keyOf(url)!))!;

/**
 * A finished text2Music creation of `owner`, as that pipeline leaves it: paid (a hold of 2
 * counts, posted) and with its WAV stored as the `audio` file.
 */
async function musicCreation(t: TestServer, owner: SignedIn) {
  await grant(t, owner, 'CAC', 2);
  const id = crypto.randomUUID();
  const key = `creations/${owner.userId}/${id}-0a1b2c3d-audio.wav`;
  await t.starlit.storage.put(key, SONG, 'audio/wav');
  await t.starlit.services.ledger.within(undefined, async (books) => {
    const hold = await books.hold({
      from: { user: owner.userId },
      to: { system: 'generation_fees' },
      currency: 'CAC',
      amount: 2,
      kind: 'creation',
      memo: { creationId: id, workflow: 'text2Music', orderId: id },
    });
    await books.post(hold.id);
    await books.tx.insert(creations).values({
      id,
      ownerId: owner.userId,
      workflow: 'text2Music',
      description: 'a bright march',
      params: { workflow: 'text2Music', description: 'a bright march', seconds: 20, instrumental: true },
      state: 'done',
      progress: 100,
      stage: 'finished',
      files: [{ role: 'audio', key, mime: 'audio/wav' }],
      costCurrency: 'CAC',
      costAmount: 2,
      holdId: hold.id,
      finishedAt: new Date(),
    });
  });
  return { id, url: t.starlit.storage.url(key) };
}

describe('music2Dance with the offline engine', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ DATA_DIR: await dirs.make() });
  }, SLOW);
  afterAll(async () => {
    await t?.close();
  });

  it('dances an uploaded song with the built-in model: the .vrma, the song and the model, on the beat', async () => {
    const u = await buildUser(t);
    await grant(t, u, 'CAC', 3);
    const song = await upload(t, u);
    expect(song).toMatchObject({ mime: 'audio/wav', seconds: 20 });
    // a dance needs no title
    const made = await t.ok(c.create, dance({ source: 'upload', key: song.key }), { as: u });
    expect(made).toMatchObject({ state: 'generating', workflow: 'music2Dance', description: '', engine: OFFLINE_DANCE_ENGINE, cost: { currency: 'CAC', amount: 3 } });
    expect(await balances(t, u)).toMatchObject({ CAC: 0 });
    const done = await ended(t, u, made.id);
    expect(done).toMatchObject({ state: 'done', progress: 100, engine: OFFLINE_DANCE_ENGINE, resultMime: 'model/gltf-binary', error: null });
    expect(done.files.map((f) => [f.role, f.mime])).toEqual([
      ['dance', 'model/gltf-binary'],
      ['song', 'audio/wav'],
      ['character', 'model/gltf-binary'],
    ]);
    // the song and the model are the stored files themselves, not copies
    expect(fileOf(done, 'song').url).toBe(song.url);
    expect(fileOf(done, 'character').url).toBe(t.starlit.storage.url(DEFAULT_DANCER.key));
    const vrma = await read(t, done.resultUrl!);
    expect(vrma.toString('latin1', 0, 4)).toBe('glTF');
    expect(readGlb(vrma)).toMatchObject({ json: { extensionsUsed: ['VRMC_vrm_animation'] } });
    expect(done.facts.seconds).toBeCloseTo(20, 1);
    expect(Math.abs(done.facts.bpm! - 120)).toBeLessThanOrEqual(2);
    // about 40 beats in 20 s at 120 bpm
    expect(done.facts.beats).toBeGreaterThanOrEqual(36);
    expect(done.facts.beats).toBeLessThanOrEqual(41);
    expect((await settlements(t, made.id)).map((s) => s.status)).toEqual(['post']);
    expect(await t.ok(c.download, { id: made.id }, { as: u })).toMatchObject({ mime: 'model/gltf-binary', fileName: `starlit-music2Dance-${made.id.slice(0, 8)}.vrma` });
    // the upload is the dance's song now: the media sweep keeps it
    await t.starlit.services.media.sweep(new Date(Date.now() + 2 * 24 * 3600_000));
    expect(await t.starlit.storage.read(song.key)).not.toBeNull();
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it("refuses another person's upload and someone else's text2Music piece, holding nothing", async () => {
    const [u, other] = [await buildUser(t), await buildUser(t)];
    await grant(t, u, 'CAC', 3);
    const theirs = await upload(t, other);
    const refused = await t.call(c.create, dance({ source: 'upload', key: theirs.key }), { as: u, lang: 'zh_TW' });
    expect(refused.body).toMatchObject({ code: ErrorCode.CREATION_UPLOAD_NOT_FOUND, message: '找不到上傳的檔案，請重新上傳' });
    const theirMusic = await musicCreation(t, other);
    const notMine = await t.call(c.create, dance({ source: 'creation', creationId: theirMusic.id }), { as: u });
    expect(notMine.body).toMatchObject({ code: ErrorCode.CREATION_SONG_NOT_OWNED, message: 'You can only dance to songs you made or own' });
    expect((await t.call(c.create, dance({ source: 'creation', creationId: crypto.randomUUID() }), { as: u })).body.code).toBe(ErrorCode.CREATION_SONG_NOT_OWNED);
    // a picture uploaded for image to image is not a song
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const picture = await t.ok(c.upload, { kind: 'image', data: png.toString('base64') }, { as: u });
    expect((await t.call(c.create, dance({ source: 'upload', key: picture.key }), { as: u })).body.code).toBe(ErrorCode.CREATION_SONG_TYPE);
    expect(await balances(t, u)).toMatchObject({ CAC: 3 });
    expect((await t.ok(c.list, {}, { as: u })).items).toEqual([]);
  });

  it('dances to one of my finished text2Music pieces, its WAV as the song', async () => {
    const u = await buildUser(t);
    const mine = await musicCreation(t, u);
    // a picture is not a song, even my own
    await grant(t, u, 'CAC', 4);
    const picture = await t.ok(c.create, { workflow: 'text2Img', description: 'a drum', style: 'anime', ratio: '1:1', key: newKey() }, { as: u });
    await ended(t, u, picture.id);
    expect((await t.call(c.create, dance({ source: 'creation', creationId: picture.id }), { as: u })).body.code).toBe(ErrorCode.CREATION_SONG_NOT_OWNED);
    const made = await t.ok(c.create, dance({ source: 'creation', creationId: mine.id }), { as: u });
    const done = await ended(t, u, made.id);
    expect(done.state).toBe('done');
    expect(fileOf(done, 'song')).toEqual({ role: 'song', url: mine.url, mime: 'audio/wav' });
    expect(Math.abs(done.facts.bpm! - 120)).toBeLessThanOrEqual(2);
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('dances to a store Music item only once I own it, to its recording', async () => {
    const u = await buildUser(t);
    await grant(t, u, 'CAC', 3);
    await grant(t, u, 'JE', 200);
    const previewKey = `seed/store/test-${crypto.randomUUID()}.wav`;
    const preview = await t.starlit.storage.put(previewKey, SONG, 'audio/wav');
    const [music, hoodie] = [await buildStoreItem(t, { category: 'Music', preview }), await buildStoreItem(t, { category: 'Clothing' })];
    const refused = await t.call(c.create, dance({ source: 'store', itemId: music.id }), { as: u });
    expect(refused.body.code).toBe(ErrorCode.CREATION_SONG_NOT_OWNED);
    expect((await t.call(c.create, dance({ source: 'store', itemId: 'not-an-item' }), { as: u })).body.code).toBe(ErrorCode.CREATION_SONG_NOT_OWNED);
    await t.ok(calls.store.buy, { itemIds: [music.id, hoodie.id], key: newKey() }, { as: u });
    // owned, but clothes have no song
    expect((await t.call(c.create, dance({ source: 'store', itemId: hoodie.id }), { as: u })).body.code).toBe(ErrorCode.CREATION_SONG_NOT_OWNED);
    expect(await balances(t, u)).toMatchObject({ CAC: 3 });
    const made = await t.ok(c.create, dance({ source: 'store', itemId: music.id }), { as: u });
    const done = await ended(t, u, made.id);
    expect(done.state).toBe('done');
    expect(fileOf(done, 'song')).toEqual({ role: 'song', url: preview, mime: 'audio/wav' });
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('dances with my agent only when it has the AIDance skill and a 3D model, and keeps the model it danced with', async () => {
    const u = await buildUser(t);
    await grant(t, u, 'CAC', 3);
    await grant(t, u, 'JE', 1000);
    const song = await upload(t, u);
    const agent = await buildDraftAgent(t, u, { nickname: 'Mika' });
    const withAgent = () => dance({ source: 'upload', key: song.key }, agent.id);
    expect((await t.call(c.create, withAgent(), { as: u })).body.code).toBe(ErrorCode.CREATION_NO_ABILITY);
    await t.ok(calls.agents.buySkill, { id: agent.id, skill: 'TextToImage', key: newKey() }, { as: u });
    expect((await t.call(c.create, withAgent(), { as: u })).body.code).toBe(ErrorCode.CREATION_SKILL_INACTIVE);
    await t.ok(calls.agents.buySkill, { id: agent.id, skill: 'AIDance', key: newKey() }, { as: u });
    const flat = await t.call(c.create, withAgent(), { as: u, lang: 'zh_TW' });
    expect(flat.body).toMatchObject({ code: ErrorCode.CREATION_NO_3D_MODEL, message: '此智能體沒有可跳舞的 3D 模型' });
    expect(await balances(t, u)).toMatchObject({ CAC: 3 });
    const avatar = await t.ok(calls.avatars.upload3d, { agentId: agent.id, vrm: buildDefaultVrm('Mika').toString('base64') }, { as: u });
    const made = await t.ok(c.create, withAgent(), { as: u });
    const done = await ended(t, u, made.id);
    expect(done).toMatchObject({ state: 'done', agentId: agent.id });
    // the dance keeps its own copy of the agent's model
    expect(fileOf(done, 'character').url).not.toBe(avatar.model3d);
    expect(await read(t, fileOf(done, 'character').url)).toEqual(await read(t, avatar.model3d!));
    // the agent moves on to the built-in model, then is deleted with its files: the dance keeps the one it was made for
    await t.ok(calls.avatars.useDefault3d, { agentId: agent.id, modelId: DEFAULT_DANCER.id }, { as: u });
    await t.ok(calls.agents.delete, { ids: [agent.id] }, { as: u });
    await t.starlit.services.media.sweep(new Date(Date.now() + 2 * 24 * 3600_000));
    expect(await read(t, fileOf(done, 'character').url)).toBeTruthy();
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });
});

/**
 * A motion-generation service speaking the protocol of docs/creation.md (Dance engine): it takes
 * the song and the model, runs while `running` polls are left, then answers the dance it made
 * (with our own offline engine, so the result is a real `.vrma`) or fails the job.
 */
async function motionService() {
  const state = { fail: false, running: 0, jobs: [] as Array<{ auth?: string; audio: number; character: number; seed: string }> };
  const made = new Map<string, { polls: number; failed: boolean; vrma: Buffer }>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const path = req.url ?? '';
    if (req.method === 'POST' && path === '/v1/dance/jobs') {
      const form = await new Request('http://x/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: Buffer.concat(chunks) }).formData();
      const audio = form.get('audio') as Blob;
      const character = form.get('character') as Blob | null;
      state.jobs.push({ auth: req.headers.authorization, audio: audio.size, character: character?.size ?? 0, seed: String(form.get('seed')) });
      const id = `job-${state.jobs.length}`;
      const danced = state.fail ? null : await offlineDanceModel().dance({ audio: Buffer.from(await audio.arrayBuffer()), contentType: audio.type, character: { name: 'x', vrm: null }, seed: 's' });
      made.set(id, { polls: 0, failed: state.fail, vrma: danced?.vrma ?? Buffer.alloc(0) });
      return json(202, { id, status: 'queued' });
    }
    const job = made.get(path.split('/')[4] ?? '');
    if (!job) return json(404, { error: 'no such job' });
    if (req.method === 'GET' && path.endsWith('/result')) return res.writeHead(200, { 'content-type': 'model/gltf-binary' }).end(job.vrma);
    if (req.method === 'GET') {
      const id = path.split('/')[4];
      if (job.polls++ < state.running) return json(200, { id, status: 'running', progress: 0.5 });
      return json(200, job.failed ? { id, status: 'failed', error: 'no beats found' } : { id, status: 'succeeded', progress: 1 });
    }
    json(200, { status: 'failed' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

describe('music2Dance through an HTTP motion service', () => {
  let t: TestServer;
  let service: Awaited<ReturnType<typeof motionService>>;
  beforeAll(async () => {
    service = await motionService();
    t = await startTestServer({ DATA_DIR: await dirs.make(), DANCE_SERVICE_URL: service.url, DANCE_SERVICE_KEY: 'mk-test' });
  }, SLOW);
  afterAll(async () => {
    await t?.close();
    await service?.close();
  });

  it("sends the song and the model, shows the service's progress and keeps its dance", async () => {
    const u = await buildUser(t);
    await grant(t, u, 'CAC', 3);
    const song = await upload(t, u);
    service.state.running = 2;
    const made = await t.ok(c.create, dance({ source: 'upload', key: song.key }), { as: u });
    expect(made.engine).toBe(HTTP_DANCE_ENGINE);
    // half done at the service is the middle of the creation's bar (30–90 %)
    const midway = await eventually(
      () => t.ok(c.get, { id: made.id }, { as: u }),
      (r: Creation) => r.stage === 'choreographing' || r.state !== 'generating',
    );
    expect(midway).toMatchObject({ state: 'generating', stage: 'choreographing', progress: 60 });
    const done = await ended(t, u, made.id);
    expect(done).toMatchObject({ state: 'done', engine: HTTP_DANCE_ENGINE });
    expect((await read(t, done.resultUrl!)).toString('latin1', 0, 4)).toBe('glTF');
    // the service says no tempo: the facts keep what is known
    expect(done.facts).toEqual({ seconds: 20 });
    expect(service.state.jobs.at(-1)).toMatchObject({ auth: 'Bearer mk-test', audio: SONG.length, character: (await read(t, fileOf(done, 'character').url)).length });
    expect((await settlements(t, made.id)).map((s) => s.status)).toEqual(['post']);
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('fails as "Generation failed" when the service fails the job, refunded once', async () => {
    const u = await buildUser(t);
    await grant(t, u, 'CAC', 3);
    const song = await upload(t, u);
    service.state.running = 0;
    service.state.fail = true;
    const before = service.state.jobs.length;
    const made = await t.ok(c.create, dance({ source: 'upload', key: song.key }), { as: u });
    const failed = await ended(t, u, made.id);
    service.state.fail = false;
    expect(failed).toMatchObject({ state: 'failed', errorCode: ErrorCode.CREATION_GENERATION_FAILED, error: 'Generation failed', files: [] });
    // both attempts asked the service
    expect(service.state.jobs.length - before).toBe(2);
    expect(await balances(t, u)).toMatchObject({ CAC: 3 });
    expect((await settlements(t, made.id)).map((s) => s.status)).toEqual(['void']);
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });
});
