import { calls, ErrorCode, type CallOutput, type Creation, type CreationParams } from '@starlit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { buildDraftAgent, buildUser } from '../../../test/factories.ts';
import { tempDirs } from '../../../test/job-beds.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { hasFfmpeg } from '../../../test/voice-clips.ts';
import { offlineDanceModel, OFFLINE_DANCE_ENGINE } from '../../ai/dance/dance-model.ts';
import { readParameters } from '../../ai/image/png-parameters.ts';
import { PROCEDURAL_IMAGE_ENGINE } from '../../ai/image/procedural.ts';
import { ALGORITHMIC_COMPOSER_ENGINE } from '../../ai/music/composer.ts';
import { offlineMusicModel } from '../../ai/music/offline.ts';
import { creations } from '../../db/schema/creation.ts';
import { works } from '../../db/schema/content.ts';
import { buildDefaultVrm } from '../avatars/default-vrm.ts';

// Issue 11, publishing: a finished creation becomes a work at once, in its home tab, with the
// creation's own files (byte for byte) and its settings as provenance (docs/creation.md, Publishing).
const c = calls.creation;
const SLOW = 120_000;
const LATER = () => new Date(Date.now() + 2 * 24 * 3600_000);
const dirs = tempDirs('starlit-publish-');
let keys = 0;
const newKey = () => `pk_${Date.now().toString(36)}_${keys++}`;
const picture = { workflow: 'text2Img' as const, description: 'a lighthouse under the northern lights', style: 'watercolor' as const, ratio: '16:9' as const };
const choices = { name: 'Northern Lights', tags: ['sky', 'night'], isPublic: true, agentId: null, sameStyleFee: 5 };

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ DATA_DIR: await dirs.make() });
}, SLOW);
afterAll(async () => {
  await t?.close();
  await dirs.cleanup();
});

type Feed = CallOutput<typeof calls.home.feed>;
const ids = (page: Feed) => page.items.map((i) => i.id);
const read = async (url: string) => (await t.starlit.app.inject({ method: 'GET', url })).rawPayload;

/** The whole `parameters` text chunk of a PNG (length, type, data and CRC), as it is stored. */
function parametersChunk(png: Buffer): Buffer | null {
  for (let at = 8; at + 12 <= png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (['tEXt', 'iTXt', 'zTXt'].includes(type) && png.toString('latin1', at + 8, at + 19) === 'parameters\0') return png.subarray(at, at + 12 + length);
    at += 12 + length;
  }
  return null;
}

/** A finished text2Img creation of `u`, made through the calls with the offline engine. */
async function madePicture(u: SignedIn, params: Partial<typeof picture> = {}): Promise<Creation> {
  await t.starlit.services.ledger.within(undefined, (books) => books.move({ from: { system: 'bonus' }, to: { user: u.userId }, currency: 'CAC', amount: 1, kind: 'bonus' }));
  const made = await t.ok(c.create, { ...picture, ...params, key: newKey() }, { as: u });
  return eventually(
    () => t.ok(c.get, { id: made.id }, { as: u }),
    (r: Creation) => r.state !== 'generating',
    50,
  );
}

interface StoredFile {
  role: Creation['files'][number]['role'];
  mime: string;
  ext: string;
  bytes: Buffer;
}

/**
 * A creation row of `u` written straight to the database with its files in storage, as the
 * text2Music and music2Dance pipelines leave one: for the workflows whose pipeline this branch
 * does not have, and for states the calls do not reach on demand.
 */
async function storedCreation(u: SignedIn, params: CreationParams, files: StoredFile[], facts: Record<string, number>, engine: string, state: 'done' | 'failed' = 'done') {
  const id = crypto.randomUUID();
  const stored = [];
  for (const file of files) {
    const key = `creations/${u.userId}/${id}-${file.role}${file.ext}`;
    await t.starlit.storage.put(key, file.bytes, file.mime);
    stored.push({ role: file.role, key, mime: file.mime });
  }
  const main = stored[0]!;
  await t.starlit.database.db.insert(creations).values({
    id,
    ownerId: u.userId,
    workflow: params.workflow,
    description: params.description,
    params,
    state,
    progress: state === 'done' ? 100 : 40,
    stage: state === 'done' ? 'finished' : 'composing',
    engine,
    files: state === 'done' ? stored : [],
    facts: state === 'done' ? facts : {},
    costCurrency: 'CAC',
    costAmount: 2,
    holdId: crypto.randomUUID(),
    ...(state === 'done' ? { resultKey: main.key, resultUrl: t.starlit.storage.url(main.key), resultMime: main.mime } : {}),
    finishedAt: new Date(),
  });
  return id;
}

/** A piece of the offline composer as text2Music stores it: the WAV original, its tagged MP3 and the waveform. */
async function storedMusic(u: SignedIn) {
  const request = { description: 'slow sad piano', seconds: 10, instrumental: true, seed: 7 };
  const music = offlineMusicModel();
  const mp3 = await music.generate({ ...request, format: 'mp3' });
  const wav = await music.generate({ ...request, format: 'wav' });
  const params: CreationParams = { workflow: 'text2Music', description: request.description, genre: 'piano', mood: 'sad', seconds: 10, instrumental: true };
  const files: StoredFile[] = [
    { role: 'audio', mime: 'audio/wav', ext: '.wav', bytes: wav.audio },
    { role: 'mp3', mime: 'audio/mpeg', ext: '.mp3', bytes: mp3.audio },
    { role: 'waveform', mime: 'image/png', ext: '.png', bytes: wav.waveform },
  ];
  const id = await storedCreation(u, params, files, { seconds: wav.seconds, bpm: Number(wav.settings.bpm) }, ALGORITHMIC_COMPOSER_ENGINE);
  return { id, mp3: mp3.audio, wav: wav.audio };
}

describe('publishing a picture', () => {
  it(
    "publishes a text2Img creation at once into home's Image tab, its PNG untouched, with its settings and fee",
    async () => {
      const u = await buildUser(t);
      const done = await madePicture(u);
      expect(done).toMatchObject({ state: 'done', workId: null });

      const published = await t.ok(c.publish, { id: done.id, ...choices }, { as: u });
      expect(published.workId).toEqual(expect.any(String));
      const workId = published.workId!;
      expect(await t.ok(c.get, { id: done.id }, { as: u })).toMatchObject({ workId });
      expect((await t.ok(c.list, {}, { as: u })).items).toMatchObject([{ id: done.id, workId }]);

      // a visitor finds it first in the Image tab, Recommend and the community's Works, not in Audio
      const imageTab = await t.ok(calls.home.feed, { tab: 'image' });
      expect(imageTab.items[0]).toMatchObject({
        type: 'work',
        id: workId,
        kind: 'image',
        name: 'Northern Lights',
        cover: done.resultUrl,
        media: done.resultUrl,
        waveform: null,
        engine: PROCEDURAL_IMAGE_ENGINE,
      });
      expect(ids(await t.ok(calls.home.feed, { tab: 'recommend' }))).toContain(workId);
      expect(ids(await t.ok(calls.home.community, { tab: 'works' }))).toContain(workId);
      expect(ids(await t.ok(calls.home.feed, { tab: 'audio' }))).not.toContain(workId);

      const work = await t.ok(calls.works.get, { id: workId });
      expect(work).toMatchObject({
        kind: 'image',
        category: 'Image',
        status: 'published',
        isPublic: true,
        tags: ['sky', 'night'],
        prompt: picture.description,
        engine: PROCEDURAL_IMAGE_ENGINE,
        media: done.resultUrl,
        creation: {
          id: done.id,
          workflow: 'text2Img',
          params: { workflow: 'text2Img', description: picture.description, style: 'watercolor', ratio: '16:9' },
          engine: PROCEDURAL_IMAGE_ENGINE,
          sameStyleFee: 5,
          files: done.files,
          facts: { width: 768, height: 432 },
        },
      });

      // the work shows the creation's own file: the engine's provenance chunk is there byte for byte
      const original = (await t.starlit.storage.read(t.starlit.storage.keyOf(done.resultUrl!)!))!;
      const shown = await read(work.media!);
      const chunk = parametersChunk(shown);
      expect(chunk).not.toBeNull();
      expect(chunk!.equals(parametersChunk(original)!)).toBe(true);
      expect(readParameters(shown)).toMatchObject({ prompt: picture.description, settings: { Size: '768x432', Style: 'watercolor' } });

      // what "Make the same style" reads
      expect(await t.starlit.services.works.provenance(null, workId)).toEqual({
        workId,
        name: 'Northern Lights',
        authorId: u.userId,
        creationId: done.id,
        workflow: 'text2Img',
        params: work.creation!.params,
        engine: PROCEDURAL_IMAGE_ENGINE,
        sameStyleFee: 5,
      });
    },
    SLOW,
  );

  it(
    'answers the owner only, a finished creation only, with the works rules in both languages',
    async () => {
      const [u, other] = [await buildUser(t), await buildUser(t)];
      const done = await madePicture(u);
      const publish = (input: Record<string, unknown>, as: SignedIn | undefined = u, lang = 'en_US') => t.call(c.publish, { id: done.id, ...choices, ...input }, { as, lang });

      expect((await t.call(c.publish, { id: done.id, ...choices })).status).toBe(401);
      expect((await publish({}, other)).status).toBe(403);
      expect((await publish({ id: crypto.randomUUID() })).body.code).toBe(ErrorCode.CREATION_NOT_FOUND);
      const failed = await storedCreation(u, picture, [], {}, PROCEDURAL_IMAGE_ENGINE, 'failed');
      expect((await t.call(c.publish, { id: failed, ...choices }, { as: u })).body).toMatchObject({ code: ErrorCode.CREATION_NOT_PUBLISHABLE, message: 'Only a finished creation can be published' });
      expect((await t.call(c.publish, { id: failed, ...choices }, { as: u, lang: 'zh_TW' })).body).toMatchObject({ message: '只有已完成的創作可以發佈' });

      // names by display width: 20 Latin or 10 Chinese characters
      const refusals = [
        [{ name: 'x'.repeat(21) }, 'Name must be at most 20 characters wide (a Chinese character counts as 2)', '名稱最多 10 個中文字或 20 個英文字'],
        [{ name: '北極光下的燈塔與冬夜星空' }, 'Name must be at most 20 characters wide (a Chinese character counts as 2)', '名稱最多 10 個中文字或 20 個英文字'],
        [{ name: '   ' }, 'Name is required', '名稱為必填'],
        [{ tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'Maximum 5 tags allowed', '最多只能有 5 個標籤'],
        [{ tags: ['sky', 'Sky'] }, 'Tag already exists', '標籤已存在'],
        [{ sameStyleFee: 1001 }, 'The fee must be a whole number of diamonds from 0 to 1000', '費用必須是 0 到 1000 之間的整數鑽石'],
        [{ sameStyleFee: -1 }, 'The fee must be a whole number of diamonds from 0 to 1000', '費用必須是 0 到 1000 之間的整數鑽石'],
        [{ sameStyleFee: 2.5 }, 'The fee must be a whole number of diamonds from 0 to 1000', '費用必須是 0 到 1000 之間的整數鑽石'],
      ] as const;
      for (const [input, en, zh] of refusals) {
        const [inEn, inZh] = [await publish(input), await publish(input, u, 'zh_TW')];
        expect(inEn.body.code, JSON.stringify(input)).toBe(ErrorCode.VALIDATION);
        expect(inEn.body.message, JSON.stringify(input)).toContain(en);
        expect(inZh.body.message, JSON.stringify(input)).toContain(zh);
      }
      // someone else's private agent is not one to name (the works rule)
      const hidden = await buildDraftAgent(t, other, { isPublic: false });
      expect((await publish({ agentId: hidden.id })).body.code).toBe(ErrorCode.AGENT_NOT_FOUND);
      expect(await t.ok(c.get, { id: done.id }, { as: u })).toMatchObject({ workId: null });

      // 10 Chinese characters fit; the own agent is named; a fee of 0 is "free"
      const mine = await buildDraftAgent(t, u);
      const published = await t.ok(c.publish, { id: done.id, ...choices, name: '北極光下的燈塔與冬夜', agentId: mine.id, sameStyleFee: 0 }, { as: u });
      expect(await t.ok(calls.works.get, { id: published.workId! }, { as: u })).toMatchObject({ name: '北極光下的燈塔與冬夜', agentId: mine.id, creation: { sameStyleFee: 0 } });

      // one work per creation: publishing again is refused, in both languages, and changes nothing
      const again = await publish({ name: 'Another' });
      expect(again.body).toMatchObject({ code: ErrorCode.CREATION_ALREADY_PUBLISHED, message: 'This creation is already published as a work' });
      expect((await publish({ name: 'Another' }, u, 'zh_TW')).body.message).toBe('此創作已發佈為作品');
      const rows = await t.starlit.database.db.select().from(works).where(eq(works.creationId, done.id));
      expect(rows.map((r) => r.name)).toEqual(['北極光下的燈塔與冬夜']);

      // deleting the work frees the creation to be published again; its file is still the creation's
      await t.ok(calls.works.delete, { id: published.workId! }, { as: u });
      expect(await t.ok(c.get, { id: done.id }, { as: u })).toMatchObject({ workId: null });
      expect(await t.starlit.storage.read(t.starlit.storage.keyOf(done.resultUrl!)!)).not.toBeNull();
      expect((await t.ok(c.publish, { id: done.id, ...choices }, { as: u })).workId).not.toBe(published.workId);
    },
    SLOW,
  );

  it(
    'makes one work of racing publishes of one creation',
    async () => {
      const u = await buildUser(t);
      const done = await madePicture(u);
      const answers = await Promise.all(Array.from({ length: 4 }, () => t.call(c.publish, { id: done.id, ...choices }, { as: u })));
      expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
      expect(answers.filter((a) => a.body.code === ErrorCode.CREATION_ALREADY_PUBLISHED)).toHaveLength(3);
      expect(await t.starlit.database.db.select().from(works).where(eq(works.creationId, done.id))).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'keeps a private work out of every feed and from others, while its author sees it',
    async () => {
      const [u, other] = [await buildUser(t), await buildUser(t)];
      const done = await madePicture(u);
      const { workId } = await t.ok(c.publish, { id: done.id, ...choices, isPublic: false }, { as: u });
      for (const as of [undefined, u, other]) {
        for (const tab of ['image', 'recommend'] as const) expect(ids(await t.ok(calls.home.feed, { tab }, { as }))).not.toContain(workId);
        expect(ids(await t.ok(calls.home.community, { tab: 'works' }, { as }))).not.toContain(workId);
      }
      for (const as of [undefined, other]) expect((await t.call(calls.works.get, { id: workId! }, { as })).body.code).toBe(ErrorCode.WORK_NOT_FOUND);
      expect(await t.ok(calls.works.get, { id: workId! }, { as: u })).toMatchObject({ isPublic: false, status: 'published', creation: { id: done.id } });
      await expect(t.starlit.services.works.provenance(other.userId, workId!)).rejects.toMatchObject({ code: ErrorCode.WORK_NOT_FOUND });
    },
    SLOW,
  );

  it(
    'keeps the files a work shows through the media sweep, also once the creation is gone, and lets them go with the work',
    async () => {
      const u = await buildUser(t);
      const done = await madePicture(u);
      const { workId } = await t.ok(c.publish, { id: done.id, ...choices }, { as: u });
      const key = t.starlit.storage.keyOf(done.resultUrl!)!;
      await t.starlit.services.media.sweep(LATER());
      expect(await t.starlit.storage.read(key)).not.toBeNull();
      // a creation deleted under its work (no call does it yet): the work keeps its settings and its file
      await t.starlit.database.db.delete(creations).where(eq(creations.id, done.id));
      const orphan = await t.ok(calls.works.get, { id: workId! });
      expect(orphan.creation).toMatchObject({ id: null, workflow: 'text2Img', params: { style: 'watercolor' }, sameStyleFee: 5 });
      await t.starlit.services.media.sweep(LATER());
      expect(await t.starlit.storage.read(key)).not.toBeNull();
      expect((await read(orphan.media!)).length).toBeGreaterThan(0);
      await t.ok(calls.works.delete, { id: workId! }, { as: u });
      await t.starlit.services.media.sweep(LATER());
      expect(await t.starlit.storage.read(key)).toBeNull();
    },
    SLOW,
  );
});

describe.runIf(hasFfmpeg)('publishing music and dances (rows as their pipelines leave them)', () => {
  it(
    'publishes a piece into the Audio tab with its tagged MP3 as it is and its waveform on the card',
    async () => {
      const u = await buildUser(t);
      const music = await storedMusic(u);
      const { workId } = await t.ok(c.publish, { id: music.id, ...choices, name: 'Rainy Piano' }, { as: u });
      const card = (await t.ok(calls.home.feed, { tab: 'audio' })).items.find((i) => i.id === workId);
      expect(card).toMatchObject({ kind: 'audio', cover: null, waveform: expect.stringMatching(/-waveform\.png$/), media: expect.stringMatching(/-mp3\.mp3$/) });
      expect(ids(await t.ok(calls.home.feed, { tab: 'image' }))).not.toContain(workId);
      const work = await t.ok(calls.works.get, { id: workId! });
      expect(work).toMatchObject({
        kind: 'audio',
        category: 'Music',
        prompt: 'slow sad piano',
        engine: ALGORITHMIC_COMPOSER_ENGINE,
        creation: { workflow: 'text2Music', params: { genre: 'piano', mood: 'sad', seconds: 10 }, facts: { seconds: 10 } },
      });
      expect(work.creation!.files.map((f) => f.role)).toEqual(['audio', 'mp3', 'waveform']);
      // the MP3 is the stored one, ID3 tags and all; the WAV original stays among the files
      const mp3 = await read(work.media!);
      expect(mp3.equals(music.mp3)).toBe(true);
      expect(mp3.toString('latin1', 0, 3)).toBe('ID3');
      expect(mp3.includes(Buffer.from(ALGORITHMIC_COMPOSER_ENGINE))).toBe(true);
      expect((await read(work.creation!.files[0]!.url)).equals(music.wav)).toBe(true);
    },
    SLOW,
  );

  it(
    'publishes a dance into the Video tab and the community Dance tab, with its song and model to play it',
    async () => {
      const u = await buildUser(t);
      const music = await storedMusic(u);
      const danced = await offlineDanceModel().dance({ audio: music.wav, contentType: 'audio/wav', character: { name: 'Starlit Basic', vrm: null }, seed: 'publish' });
      const params: CreationParams = { workflow: 'music2Dance', description: '', song: { source: 'creation', creationId: music.id } };
      const id = await storedCreation(
        u,
        params,
        [
          { role: 'dance', mime: 'model/gltf-binary', ext: '.vrma', bytes: danced.vrma },
          { role: 'song', mime: 'audio/wav', ext: '.wav', bytes: music.wav },
          { role: 'character', mime: 'model/gltf-binary', ext: '.vrm', bytes: buildDefaultVrm() },
        ],
        { bpm: danced.bpm ?? 0, beats: danced.beats, seconds: 10 },
        OFFLINE_DANCE_ENGINE,
      );
      const { workId } = await t.ok(c.publish, { id, ...choices, name: 'Rain Dance', sameStyleFee: 12 }, { as: u });
      expect((await t.ok(calls.home.feed, { tab: 'video' })).items.find((i) => i.id === workId)).toMatchObject({ kind: 'dance', cover: null, media: expect.stringMatching(/-dance\.vrma$/) });
      expect(ids(await t.ok(calls.home.community, { tab: 'dance' }))).toContain(workId);
      for (const tab of ['audio', 'image'] as const) expect(ids(await t.ok(calls.home.feed, { tab }))).not.toContain(workId);
      const work = await t.ok(calls.works.get, { id: workId! });
      expect(work).toMatchObject({ kind: 'dance', category: 'Dance', engine: OFFLINE_DANCE_ENGINE, creation: { workflow: 'music2Dance', sameStyleFee: 12, facts: { beats: danced.beats } } });
      const byRole = Object.fromEntries(work.creation!.files.map((f) => [f.role, f]));
      expect(Object.keys(byRole)).toEqual(['dance', 'song', 'character']);
      expect((await read(work.media!)).equals(danced.vrma)).toBe(true);
      expect((await read(byRole.song!.url)).equals(music.wav)).toBe(true);
      expect((await read(byRole.character!.url)).toString('latin1', 0, 4)).toBe('glTF');
    },
    SLOW,
  );
});
