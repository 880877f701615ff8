import { calls, ErrorCode, type Creation } from '@starlit/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { openEvents } from '../../../test/events.ts';
import { buildAdmin, buildDraftAgent, buildUser } from '../../../test/factories.ts';
import { balances, flakyImageProvider, grant, tempDirs } from '../../../test/job-beds.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { readParameters } from '../../ai/image/png-parameters.ts';
import { PROCEDURAL_IMAGE_ENGINE } from '../../ai/image/procedural.ts';
import { renderTempoTrack } from '../../ai/music/song.ts';
import { encodeWav } from '../../ai/music/wav.ts';
import { creations } from '../../db/schema/creation.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';

const c = calls.creation;
// each suite starts an app of its own, migrating a fresh database
const SLOW = 120_000;
let keys = 0;
const newKey = () => `ck_${Date.now().toString(36)}_${keys++}`;
const input = { workflow: 'text2Img' as const, description: 'a lighthouse under the northern lights', style: 'watercolor' as const, ratio: '16:9' as const };
const dirs = tempDirs('starlit-creation-');
const tempDir = dirs.make;
/** A local OpenAI-compatible image server that fails while `down` and never answers while `hang`. */
let provider: Awaited<ReturnType<typeof flakyImageProvider>>['state'];
let providerUrl: string;
let closeProvider: () => Promise<void>;
beforeAll(async () => {
  const started = await flakyImageProvider();
  ({ state: provider, url: providerUrl, close: closeProvider } = started);
});
afterAll(async () => {
  await closeProvider();
  await dirs.cleanup();
});

/** The creation once it left `generating`. */
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

describe('text2Img with the offline engine', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ DATA_DIR: await tempDir() });
  }, SLOW);
  afterAll(async () => {
    await t?.close();
  });

  it('estimates the price for anyone and what a signed-in person would pay it in', async () => {
    const u = await buildUser(t);
    const prices = [
      { currency: 'CAC', amount: 1 },
      { currency: 'JE', amount: 2 },
    ];
    expect(await t.ok(c.estimate, { workflow: 'text2Img' })).toEqual({ workflow: 'text2Img', prices, charge: null, fee: 0 });
    expect(await t.ok(c.estimate, { workflow: 'text2Img' }, { as: u })).toMatchObject({ charge: null });
    await grant(t, u, 'JE', 5);
    expect(await t.ok(c.estimate, { workflow: 'text2Img' }, { as: u })).toMatchObject({ charge: { currency: 'JE', amount: 2 } });
    await grant(t, u, 'CAC', 1);
    expect(await t.ok(c.estimate, { workflow: 'text2Img' }, { as: u })).toMatchObject({ charge: { currency: 'CAC', amount: 1 } });
  });

  it('refuses a workflow not built yet in both languages and charges nothing', async () => {
    const u = await buildUser(t);
    await grant(t, u, 'CAC', 3);
    const en = await t.call(c.create, { workflow: 'cloneVoice', description: 'my voice', key: newKey() }, { as: u });
    expect(en.body).toMatchObject({ code: ErrorCode.CREATION_NOT_AVAILABLE, message: 'This kind of creation is not available yet' });
    const zh = await t.call(c.estimate, { workflow: 'cloneVoice' }, { lang: 'zh_TW' });
    expect(zh.body).toMatchObject({ code: ErrorCode.CREATION_NOT_AVAILABLE, message: '此創作類型尚未開放' });
    const blank = await t.call(c.create, { ...input, description: '   ', key: newKey() }, { as: u });
    expect(blank.body.code).toBe(ErrorCode.CREATION_DESCRIPTION_REQUIRED);
    const long = await t.call(c.create, { ...input, description: 'x'.repeat(501), key: newKey() }, { as: u });
    expect(long.body.code).toBe(ErrorCode.VALIDATION);
    expect(await balances(t, u)).toMatchObject({ CAC: 3 });
    expect((await t.ok(c.list, {}, { as: u })).items).toEqual([]);
  });

  it('holds a creation count, draws at the ratio, posts the hold once, and lets only the owner download', async () => {
    const [u, other] = [await buildUser(t), await buildUser(t)];
    await grant(t, u, 'CAC', 2);
    // the owner's pages hear the creation end over the realtime stream
    const address = await t.starlit.app.listen({ port: 0, host: '127.0.0.1' });
    const events = openEvents(await fetch(`${address}/ai/realtime`, { headers: { token: u.token } }));
    const pushedDone = (async () => {
      for (;;) {
        const event = JSON.parse((await events.next('creation')).data) as { state: string };
        if (event.state !== 'generating') return event;
      }
    })();
    const made = await t.ok(c.create, { ...input, key: newKey() }, { as: u });
    expect(made).toMatchObject({ state: 'generating', cost: { currency: 'CAC', amount: 1 }, replayed: false });
    // held at once: the count cannot be spent twice while the picture is drawn
    expect(await balances(t, u)).toMatchObject({ CAC: 1 });
    const done = await ended(t, u, made.id);
    expect(done).toMatchObject({ state: 'done', progress: 100, stage: 'finished', engine: PROCEDURAL_IMAGE_ENGINE, resultMime: 'image/png', error: null });
    expect(await balances(t, u)).toMatchObject({ CAC: 1 });
    expect((await settlements(t, made.id)).map((s) => s.status)).toEqual(['post']);
    expect(await pushedDone).toEqual({ type: 'creation', creationId: made.id, state: 'done', progress: 100, stage: 'finished' });
    await events.cancel();
    // the posted hold is an order record in the reader's language
    const records = await t.ok(calls.records.list, { kind: 'creation' }, { as: u, lang: 'zh_TW' });
    expect(records.items).toMatchObject([{ type: '創作', item: '創作：文生圖', currency: 'CAC', amount: -1 }]);

    const file = await t.ok(c.download, { id: made.id }, { as: u });
    expect(file).toMatchObject({ mime: 'image/png', fileName: `starlit-text2Img-${made.id.slice(0, 8)}.png` });
    const got = await t.starlit.app.inject({ method: 'GET', url: file.url });
    expect(await sharp(got.rawPayload).metadata()).toMatchObject({ format: 'png', width: 768, height: 432 });
    // the engine's provenance stays in the stored file, as AUTOMATIC1111 and Civitai read it
    expect(readParameters(got.rawPayload)).toMatchObject({ prompt: input.description, settings: { Size: '768x432', Style: 'watercolor' } });
    expect(done.files).toEqual([{ role: 'image', url: file.url, mime: 'image/png' }]);
    expect(done.facts).toEqual({ width: 768, height: 432 });
    // a result a creation names survives the media sweep
    await t.starlit.services.media.sweep(new Date(Date.now() + 2 * 24 * 3600_000));
    expect(await t.starlit.storage.read(t.starlit.storage.keyOf(file.url)!)).not.toBeNull();

    for (const call of [c.get, c.download, c.cancel] as const) {
      expect((await t.call(call, { id: made.id })).status).toBe(401);
      expect((await t.call(call, { id: made.id }, { as: other })).status).toBe(403);
    }
    expect((await t.call(c.retry, { id: made.id, key: newKey() }, { as: other })).status).toBe(403);
    expect((await t.call(c.get, { id: crypto.randomUUID() }, { as: u })).body.code).toBe(ErrorCode.CREATION_NOT_FOUND);
    expect((await t.call(c.cancel, { id: made.id }, { as: u })).body.code).toBe(ErrorCode.CREATION_NOT_GENERATING);
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('creates with an agent only for the skill it has working, and the agent guides the prompt', async () => {
    const [u, other] = [await buildUser(t), await buildUser(t)];
    const agent = await buildDraftAgent(t, u, { roleIntro: 'a lighthouse keeper with silver hair' });
    await grant(t, u, 'JE', 1000);
    await grant(t, u, 'CAC', 1);
    const withAgent = { ...input, agentId: agent.id };
    // no working ability at all, then only another one
    expect((await t.call(c.create, { ...withAgent, key: newKey() }, { as: u, lang: 'zh_TW' })).body).toMatchObject({
      code: ErrorCode.CREATION_NO_ABILITY,
      message: '使用智能體創作時，至少需選擇一項能力',
    });
    await t.ok(calls.agents.buySkill, { id: agent.id, skill: 'AIDance', key: newKey() }, { as: u });
    expect((await t.call(c.create, { ...withAgent, key: newKey() }, { as: u })).body.code).toBe(ErrorCode.CREATION_SKILL_INACTIVE);
    expect(await balances(t, u)).toMatchObject({ CAC: 1 });
    await t.ok(calls.agents.buySkill, { id: agent.id, skill: 'TextToImage', key: newKey() }, { as: u });
    // someone else's agent is refused whatever its skills
    expect((await t.call(c.create, { ...withAgent, key: newKey() }, { as: other })).status).toBe(403);
    const made = await t.ok(c.create, { ...withAgent, key: newKey() }, { as: u });
    const done = await ended(t, u, made.id);
    expect(done).toMatchObject({ state: 'done', agentId: agent.id, params: { agentId: agent.id } });
    const file = await t.starlit.storage.read(t.starlit.storage.keyOf(done.resultUrl!)!);
    expect(readParameters(file!)?.prompt).toBe(`${input.description}\nCharacter: Luna, a lighthouse keeper with silver hair`);
  });

  it('refuses a description holding a word the admins listed, naming it, and holds nothing', async () => {
    const [u, admin] = [await buildUser(t), await buildAdmin(t)];
    await grant(t, u, 'CAC', 1);
    await t.ok(calls.moderation.addPromptWords, { words: ['Gore'] }, { as: admin });
    const refused = await t.call(c.create, { ...input, description: 'A lighthouse, ＧＯＲＥ everywhere', key: newKey() }, { as: u });
    expect(refused.body).toMatchObject({ code: ErrorCode.CREATION_WORD_NOT_ALLOWED, message: 'The description contains a word that is not allowed: “gore”' });
    expect(await balances(t, u)).toMatchObject({ CAC: 1 });
    expect((await t.ok(c.list, {}, { as: u })).items).toEqual([]);
  });

  it('pays in diamonds when counts run out, and answers "Insufficient balance" with neither, creating nothing', async () => {
    const u = await buildUser(t);
    await grant(t, u, 'JE', 3);
    const made = await t.ok(c.create, { ...input, key: newKey() }, { as: u });
    expect(made.cost).toEqual({ currency: 'JE', amount: 2 });
    await ended(t, u, made.id);
    const short = await t.call(c.create, { ...input, key: newKey() }, { as: u, lang: 'zh_TW' });
    expect(short.body).toMatchObject({ code: ErrorCode.LEDGER_INSUFFICIENT, message: '餘額不足' });
    expect(await balances(t, u)).toMatchObject({ JE: 1, CAC: 0 });
    expect((await t.ok(c.list, {}, { as: u })).items).toHaveLength(1);
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('makes one creation for one key however often it is sent; the key with other settings is refused', async () => {
    const u = await buildUser(t);
    await grant(t, u, 'CAC', 5);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 3 }, () => t.ok(c.create, { ...input, key }, { as: u })));
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect((await t.call(c.create, { ...input, style: 'anime', key }, { as: u })).body.code).toBe(ErrorCode.LEDGER_KEY_REUSED);
    await ended(t, u, answers[0]!.id);
    expect(await balances(t, u)).toMatchObject({ CAC: 4 });
  });

  it('regenerates as a new creation with a new charge, and lists mine page by page', async () => {
    const u = await buildUser(t);
    await grant(t, u, 'CAC', 3);
    const first = await t.ok(c.create, { ...input, ratio: '9:16', key: newKey() }, { as: u });
    await ended(t, u, first.id);
    const again = await t.ok(c.retry, { id: first.id, key: newKey() }, { as: u });
    expect(again).toMatchObject({ params: { ratio: '9:16' }, description: input.description, state: 'generating' });
    expect(again.id).not.toBe(first.id);
    await ended(t, u, again.id);
    expect(await balances(t, u)).toMatchObject({ CAC: 1 });
    const page1 = await t.ok(c.list, { limit: 1 }, { as: u });
    expect(page1.items.map((i) => i.id)).toEqual([again.id]);
    const page2 = await t.ok(c.list, { limit: 1, cursor: page1.nextCursor! }, { as: u });
    expect(page2).toMatchObject({ items: [{ id: first.id }], nextCursor: null });
    expect((await t.call(c.list, {})).status).toBe(401);
  });
});

describe("the studio's own checks: uploads, racing requests, jobs that ended without settling", () => {
  let t: TestServer;
  beforeAll(async () => {
    // a long pause keeps creations generating while the test looks at them
    t = await startTestServer({ DATA_DIR: await tempDir(), CREATION_DELAY_MS: '60000' });
  }, SLOW);
  afterAll(async () => {
    await t?.close();
  });
  const row = async (id: string) => (await t.starlit.database.db.select().from(creations).where(eq(creations.id, id)))[0]!;

  it('takes a reference picture by its content and refuses other files in both languages, storing nothing', async () => {
    const u = await buildUser(t);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ff9ec4' } })
      .png()
      .toBuffer();
    const up = await t.ok(c.upload, { kind: 'image', data: png.toString('base64') }, { as: u });
    expect(up).toMatchObject({ mime: 'image/png', width: 40, height: 30 });
    expect(up.key.startsWith(`creations/${u.userId}/uploads/`)).toBe(true);
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const refused = await t.call(c.upload, { kind: 'image', data: gif.toString('base64') }, { as: u, lang: 'zh_TW' });
    expect(refused.body).toMatchObject({ code: ErrorCode.CREATION_IMAGE_TYPE, message: '圖片必須是 JPEG、PNG 或 WebP 格式' });
    const huge = await sharp({ create: { width: 4100, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await t.call(c.upload, { kind: 'image', data: huge.toString('base64') }, { as: u })).body).toMatchObject({
      code: ErrorCode.CREATION_IMAGE_SIZE,
      message: 'The picture must be at most 10 MB and 4096 pixels a side',
    });
    expect((await t.call(c.upload, { kind: 'image', data: png.toString('base64') })).status).toBe(401);
    const stored: string[] = [];
    for await (const object of t.starlit.storage.list(`creations/${u.userId}/`)) stored.push(object.key);
    expect(stored).toEqual([up.key]);
  });

  it('takes a song by its content, refusing other files, too short songs and anonymous callers', async () => {
    const u = await buildUser(t);
    const wav = (seconds: number) => {
      const song = renderTempoTrack(120, seconds);
      return encodeWav(song.samples, song.sampleRate).toString('base64');
    };
    expect(await t.ok(c.upload, { kind: 'song', data: wav(8) }, { as: u })).toMatchObject({ mime: 'audio/wav', seconds: 8 });
    expect((await t.call(c.upload, { kind: 'song', data: wav(2) }, { as: u, lang: 'zh_TW' })).body).toMatchObject({
      code: ErrorCode.CREATION_SONG_DURATION,
      message: '歌曲長度必須介於 5 秒到 10 分鐘之間',
    });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await t.call(c.upload, { kind: 'song', data: png.toString('base64') }, { as: u })).body.code).toBe(ErrorCode.CREATION_SONG_TYPE);
    expect((await t.call(c.upload, { kind: 'song', data: wav(8) })).status).toBe(401);
  });

  it('lets only 2 of 5 racing requests generate and holds only for those', async () => {
    const u = await buildUser(t);
    await grant(t, u, 'CAC', 5);
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.call(c.create, { ...input, key: newKey() }, { as: u })));
    const accepted = answers.filter((a) => a.body.code === 0).map((a) => (a.body as unknown as { data: Creation }).data);
    expect(accepted).toHaveLength(2);
    expect(answers.filter((a) => a.body.code === ErrorCode.CREATION_TOO_MANY_RUNNING)).toHaveLength(3);
    expect(await balances(t, u)).toMatchObject({ CAC: 3 });
    for (const { id } of accepted) await t.ok(c.cancel, { id }, { as: u });
    expect(await balances(t, u)).toMatchObject({ CAC: 5 });
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('ends and refunds, once, a creation whose job is over without settling it; a job still running elsewhere is left to it', async () => {
    const u = await buildUser(t);
    await grant(t, u, 'CAC', 2);
    const gone = await t.ok(c.create, { ...input, key: newKey() }, { as: u });
    const running = await t.ok(c.create, { ...input, key: newKey() }, { as: u });
    const { creation } = t.starlit.services;
    // a process took the job over: this one's abandoned attempt reports "cancelled", but the job row runs on
    await eventually(
      () => row(running.id),
      (r) => r.progress >= 5,
      50,
    );
    await creation.settled({ creationId: running.id }, 'cancelled');
    expect((await row(running.id)).state).toBe('generating');
    // a job that ended (here: removed) while its creation still generates
    await t.starlit.database.db.delete(jobs).where(eq(jobs.id, (await row(gone.id)).jobId!));
    expect(await creation.reconcile()).toBe(1);
    expect(await creation.reconcile()).toBe(0);
    expect(await t.ok(c.get, { id: gone.id }, { as: u })).toMatchObject({ state: 'failed', errorCode: ErrorCode.CREATION_SERVER_FAILED, error: 'Server generation failed' });
    expect((await settlements(t, gone.id)).map((s) => s.status)).toEqual(['void']);
    expect((await row(running.id)).state).toBe('generating');
    await t.ok(c.cancel, { id: running.id }, { as: u });
    expect(await balances(t, u)).toMatchObject({ CAC: 2 });
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('sweeps an upload no creation names after the grace period and keeps those in use', async () => {
    const u = await buildUser(t);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#6fe3ff' } })
      .png()
      .toBuffer();
    const unused = await t.ok(c.upload, { kind: 'image', data: png.toString('base64') }, { as: u });
    await t.starlit.services.media.sweep(new Date(Date.now() + 2 * 24 * 3600_000));
    expect(await t.starlit.storage.read(unused.key)).toBeNull();
  });
});

describe('text2Img with a provider that fails, hangs or dies with the server', () => {
  let t: TestServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    env = { DATA_DIR: await tempDir(), IMAGE_PROVIDER: 'openai', IMAGE_BASE_URL: providerUrl };
    t = await startTestServer(env);
  }, SLOW);
  afterAll(async () => {
    provider.hang = false;
    provider.down = false;
    await t?.close();
  });

  it(
    'refunds a provider failure once, as "Generation failed", after both attempts',
    async () => {
      const u = await buildUser(t);
      await grant(t, u, 'CAC', 1);
      provider.down = true;
      provider.calls = 0;
      try {
        const made = await t.ok(c.create, { ...input, key: newKey() }, { as: u });
        const failed = await ended(t, u, made.id, 'zh_TW');
        expect(failed).toMatchObject({ state: 'failed', error: '生成失敗', errorCode: ErrorCode.CREATION_GENERATION_FAILED });
        expect(provider.calls).toBe(2);
        expect(await balances(t, u)).toMatchObject({ CAC: 1 });
        expect((await settlements(t, made.id)).map((s) => s.status)).toEqual(['void']);
        expect((await t.call(c.download, { id: made.id }, { as: u })).body.code).toBe(ErrorCode.CREATION_NOT_DONE);
      } finally {
        provider.down = false;
      }
      expect(await t.starlit.services.ledger.violations()).toEqual([]);
    },
    SLOW,
  );

  it(
    'allows 2 generating at once; a cancel releases the hold in full and frees a place',
    async () => {
      const u = await buildUser(t);
      await grant(t, u, 'CAC', 3);
      provider.hang = true;
      try {
        const a = await t.ok(c.create, { ...input, key: newKey() }, { as: u });
        const b = await t.ok(c.create, { ...input, key: newKey() }, { as: u });
        const third = await t.call(c.create, { ...input, key: newKey() }, { as: u });
        expect(third.body).toMatchObject({ code: ErrorCode.CREATION_TOO_MANY_RUNNING, message: 'You already have 2 creations generating, please wait for one to finish' });
        expect(await balances(t, u)).toMatchObject({ CAC: 1 });
        const cancelled = await t.ok(c.cancel, { id: a.id }, { as: u });
        expect(cancelled).toMatchObject({ state: 'cancelled', error: 'The creation was cancelled' });
        expect(await balances(t, u)).toMatchObject({ CAC: 2 });
        expect((await t.call(c.cancel, { id: a.id }, { as: u })).body.code).toBe(ErrorCode.CREATION_NOT_GENERATING);
        const d = await t.ok(c.create, { ...input, key: newKey() }, { as: u });
        // the hanging jobs would hold both of this process's places for the next tests
        for (const { id } of [b, d]) await t.ok(c.cancel, { id }, { as: u });
        expect(await balances(t, u)).toMatchObject({ CAC: 3 });
        const [job] = await t.starlit.database.db
          .select()
          .from(jobs)
          .where(eq(jobs.id, (await t.starlit.database.db.select().from(creations).where(eq(creations.id, a.id)))[0]!.jobId!));
        expect(job!.status).toBe('cancelled');
        expect((await settlements(t, a.id)).map((s) => s.status)).toEqual(['void']);
      } finally {
        provider.hang = false;
      }
    },
    SLOW,
  );

  it(
    'survives a restart mid-job: the next process finishes it and posts the hold once',
    async () => {
      const u = await buildUser(t);
      await grant(t, u, 'CAC', 1);
      provider.hang = true;
      const made = await t.ok(c.create, { ...input, key: newKey() }, { as: u });
      const creationRow = async () => (await t.starlit.database.db.select().from(creations).where(eq(creations.id, made.id)))[0]!;
      await eventually(creationRow, (row) => row.stage === 'drawing', 50);
      const jobId = (await creationRow()).jobId!;
      // the next process draws offline
      await t.restart({
        env: { DATA_DIR: env.DATA_DIR! },
        whileStopped: async () => {
          provider.hang = false;
          // PostgreSQL may be shared by live instances, so only an expired lease is taken over
          if (t.starlit.database.kind === 'postgres') await t.starlit.database.db.update(jobs).set({ lockedAt: sql`now() - interval '5 minutes'` }).where(eq(jobs.id, jobId));
        },
      });
      const done = await ended(t, u, made.id);
      expect(done).toMatchObject({ state: 'done', engine: PROCEDURAL_IMAGE_ENGINE });
      expect((await settlements(t, made.id)).map((s) => s.status)).toEqual(['post']);
      expect(await balances(t, u)).toMatchObject({ CAC: 0 });
      expect(await t.starlit.services.ledger.violations()).toEqual([]);
    },
    SLOW,
  );

  it(
    'refunds once a job a dead process left that fails after the restart, as "Generation failed"',
    async () => {
      await t.restart({ env });
      const u = await buildUser(t);
      await grant(t, u, 'CAC', 1);
      provider.hang = true;
      const made = await t.ok(c.create, { ...input, key: newKey() }, { as: u });
      const creationRow = async () => (await t.starlit.database.db.select().from(creations).where(eq(creations.id, made.id)))[0]!;
      await eventually(creationRow, (row) => row.stage === 'drawing', 50);
      const jobId = (await creationRow()).jobId!;
      await t.restart({
        env,
        whileStopped: async () => {
          provider.hang = false;
          provider.down = true;
          // the dead process's attempt counts: the one left fails for good
          await t.starlit.database.db.update(jobs).set({ lockedAt: sql`now() - interval '5 minutes'` }).where(eq(jobs.id, jobId));
        },
      });
      try {
        const failed = await ended(t, u, made.id);
        // the attempt after the restart reached the provider, which failed: the engine's fault
        expect(failed).toMatchObject({ state: 'failed', errorCode: ErrorCode.CREATION_GENERATION_FAILED });
        expect((await settlements(t, made.id)).map((s) => s.status)).toEqual(['void']);
        expect(await balances(t, u)).toMatchObject({ CAC: 1 });
        expect(await t.starlit.services.ledger.violations()).toEqual([]);
      } finally {
        provider.down = false;
      }
    },
    SLOW,
  );
});
