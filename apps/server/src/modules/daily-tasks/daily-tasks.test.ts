import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { calls, ErrorCode, type DailyTask } from '@starlit/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { buildAgent, buildUser, giveAgentVoice } from '../../../test/factories.ts';
import { tempDirs } from '../../../test/job-beds.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { runProcess } from '../../ai/speech/run-process.ts';
import { dailyTasks, dailyTaskSteps } from '../../db/schema/daily-tasks.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';
import { works } from '../../db/schema/content.ts';

const c = calls.dailyTasks;
const SLOW = 120_000;
let keys = 0;
const newKey = () => `dt_${Date.now().toString(36)}_${keys++}`;
const dirs = tempDirs('starlit-tasks-');
afterAll(() => dirs.cleanup());

const grant = (t: TestServer, user: SignedIn, currency: 'JE' | 'CAC', amount: number) =>
  t.starlit.services.ledger.within(undefined, (books) => books.move({ from: { system: 'bonus' }, to: { user: user.userId }, currency, amount, kind: 'bonus' }));
const balances = (t: TestServer, as: SignedIn) => t.ok(calls.ledger.balances, {}, { as });

/** The task once it left `generating`. */
const ended = (t: TestServer, as: SignedIn, id: string, lang = 'en_US') =>
  eventually(
    () => t.ok(c.get, { id }, { as, lang }),
    (r: DailyTask) => r.state !== 'generating',
    120,
  ).then(async (r) => {
    if (r.state === 'failed') console.log('DEBUG', r.steps, await t.starlit.database.db.execute(`select error from jobs where payload->>'taskId' = '${id}'`));
    return r;
  });

/** The settling transfers (post or void) of the task's current hold: exactly one once it ended. */
async function settlements(t: TestServer, id: string) {
  const [row] = await t.starlit.database.db.select().from(dailyTasks).where(eq(dailyTasks.id, id));
  return t.starlit.database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.resolves, row!.holdId));
}

const stored = (t: TestServer, url: string) => t.starlit.storage.read(t.starlit.storage.keyOf(url)!);
const worksOf = (t: TestServer, taskId: string) => t.starlit.database.db.select().from(works).where(eq(works.taskId, taskId));

/** A person with counts to spend and a published agent with a voice to star. */
async function starring(t: TestServer, counts = 20) {
  const user = await buildUser(t);
  await grant(t, user, 'CAC', counts);
  const agent = await buildAgent(t, { owner: user, nickname: 'Mira', roleIntro: 'A cheerful lighthouse keeper who loves the sea and the stars.', opening: 'Hello, I am Mira!' });
  await giveAgentVoice(t, agent.id);
  return { user, agent };
}

const form = (agentId: string) => ({
  type: 'text_to_image' as const,
  description: 'Mira watches the aurora over the lighthouse',
  introduction: 'A quiet winter night by the sea.',
  agentId,
  style: 'watercolor' as const,
  publishType: 'immediate' as const,
  forward: ['x' as const, 'line' as const],
});

describe('daily tasks: the form and its rules', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ DATA_DIR: await dirs.make(), CREATION_DELAY_MS: '2500' });
  }, SLOW);
  afterAll(() => t?.close());

  it('refuses visitors, blanks and missing fields by type in both languages, and holds nothing', async () => {
    const { user, agent } = await starring(t, 5);
    expect((await t.call(c.overview, {})).status).toBe(401);
    const blank = await t.call(c.create, { ...form(agent.id), description: '  ', key: newKey() }, { as: user });
    expect(blank.body).toMatchObject({ code: ErrorCode.DAILY_TASK_DESCRIPTION, message: 'Please enter a description' });
    const noIntro = await t.call(c.create, { ...form(agent.id), introduction: '', key: newKey() }, { as: user, lang: 'zh_TW' });
    expect(noIntro.body).toMatchObject({ code: ErrorCode.DAILY_TASK_INTRODUCTION, message: '請輸入簡介' });
    const { agentId: _, ...noAgent } = form(agent.id);
    expect((await t.call(c.create, { ...noAgent, key: newKey() }, { as: user })).body.code).toBe(ErrorCode.DAILY_TASK_AGENT_REQUIRED);
    expect((await t.call(c.create, { ...form(agent.id), style: undefined, key: newKey() }, { as: user })).body.code).toBe(ErrorCode.DAILY_TASK_STYLE_REQUIRED);
    expect((await t.call(c.create, { ...form(agent.id), type: 'text_to_comic', key: newKey() }, { as: user })).body.code).toBe(ErrorCode.DAILY_TASK_SCENE_REQUIRED);
    expect((await t.call(c.create, { ...form(agent.id), type: 'text_to_song', key: newKey() }, { as: user })).body.code).toBe(ErrorCode.DAILY_TASK_SONG_REQUIRED);
    // a video makes its comic unless it names one: style and scene then
    expect((await t.call(c.create, { ...form(agent.id), type: 'comic_to_video', key: newKey() }, { as: user })).body.code).toBe(ErrorCode.DAILY_TASK_SCENE_REQUIRED);
    const soon = new Date(Date.now() + 10_000).toISOString();
    const early = await t.call(c.create, { ...form(agent.id), publishType: 'scheduled', publishAt: soon, key: newKey() }, { as: user });
    expect(early.body.code).toBe(ErrorCode.DAILY_TASK_PUBLISH_TIME);
    // another person's private agent cannot star
    const hidden = await buildAgent(t, { isPublic: false });
    expect((await t.call(c.create, { ...form(hidden.id), key: newKey() }, { as: user })).body.code).not.toBe(0);
    expect(await balances(t, user)).toMatchObject({ CAC: 5 });
    expect((await t.ok(c.list, {}, { as: user })).items).toEqual([]);
  });

  it(
    'runs one task at a time: another type cannot start while one generates, and the daily limit holds',
    async () => {
      const { user, agent } = await starring(t);
      const first = await t.ok(c.create, { ...form(agent.id), key: newKey() }, { as: user });
      expect(first).toMatchObject({ state: 'generating', cost: { currency: 'CAC', amount: 1 } });
      const speech = await t.call(c.create, { ...form(agent.id), type: 'text_to_speech', key: newKey() }, { as: user, lang: 'zh_TW' });
      expect(speech.body).toMatchObject({ code: ErrorCode.DAILY_TASK_SWITCH, message: '每日任務生成中，無法切換類型' });
      expect((await t.call(c.create, { ...form(agent.id), key: newKey() }, { as: user })).body.code).toBe(ErrorCode.DAILY_TASK_BUSY);
      expect((await ended(t, user, first.id)).state).toBe('done');
      for (let i = 0; i < 2; i++) await ended(t, user, (await t.ok(c.create, { ...form(agent.id), key: newKey() }, { as: user })).id);
      const fourth = await t.call(c.create, { ...form(agent.id), key: newKey() }, { as: user });
      expect(fourth.body).toMatchObject({ code: ErrorCode.DAILY_TASK_LIMIT, message: 'Daily limit reached' });
      const overview = await t.ok(c.overview, {}, { as: user });
      expect(overview.types.find((x) => x.type === 'text_to_image')).toMatchObject({ left: 0, allowance: 3 });
      expect(overview.types.find((x) => x.type === 'text_to_speech')).toMatchObject({ left: 3 });
      expect(overview.today).toHaveLength(3);
    },
    SLOW,
  );

  it('a cancelled task refunds in full and gives its allowance back', async () => {
    const { user, agent } = await starring(t, 2);
    const made = await t.ok(c.create, { ...form(agent.id), key: newKey() }, { as: user });
    expect(await balances(t, user)).toMatchObject({ CAC: 1 });
    const cancelled = await t.ok(c.cancel, { id: made.id }, { as: user });
    expect(cancelled).toMatchObject({ state: 'cancelled', errorCode: ErrorCode.DAILY_TASK_CANCELLED, publish: { state: 'unpublished' } });
    expect(await balances(t, user)).toMatchObject({ CAC: 2 });
    expect((await settlements(t, made.id)).map((s) => s.status)).toEqual(['void']);
    expect((await t.ok(c.overview, {}, { as: user })).types.find((x) => x.type === 'text_to_image')).toMatchObject({ left: 3 });
  });

  it('keeps the owner alone: another person cannot read, cancel, retry or publish a task', async () => {
    const { user, agent } = await starring(t);
    const other = await buildUser(t);
    const made = await t.ok(c.create, { ...form(agent.id), key: newKey() }, { as: user });
    for (const [call, input] of [
      [c.get, { id: made.id }],
      [c.cancel, { id: made.id }],
      [c.retry, { id: made.id, key: newKey() }],
      [c.publish, { id: made.id }],
      [c.unschedule, { id: made.id }],
    ] as const) {
      expect((await t.call(call, input as never, { as: other })).status).toBe(403);
    }
    await ended(t, user, made.id);
  });
});

describe('daily tasks: each type made offline and published', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ DATA_DIR: await dirs.make() });
  }, SLOW);
  afterAll(() => t?.close());

  it(
    'text_to_image: holds a count, draws the agent, posts once, pays points and publishes a work at once',
    async () => {
      const { user, agent } = await starring(t);
      const made = await t.ok(c.create, { ...form(agent.id), key: newKey() }, { as: user });
      const done = await ended(t, user, made.id);
      expect(done).toMatchObject({ state: 'done', progress: 100, points: 5, agent: { id: agent.id, name: 'Mira' }, publish: { state: 'published' } });
      expect(done.steps.map((s) => [s.name, s.state])).toEqual([
        ['draw', 'done'],
        ['card', 'done'],
      ]);
      const image = done.files.find((f) => f.role === 'image')!;
      expect(await sharp((await stored(t, image.url))!).metadata()).toMatchObject({ format: 'png', width: 576, height: 768 });
      expect(done.files.map((f) => f.role)).toEqual(['image', 'card']);
      expect((await settlements(t, made.id)).map((s) => s.status)).toEqual(['post']);
      expect(await balances(t, user)).toMatchObject({ CAC: 19, MSS: 5 });
      const [work] = await worksOf(t, made.id);
      expect(work).toMatchObject({ kind: 'image', category: 'Image', authorId: user.userId, agentId: agent.id, isPublic: true });
      expect(done.publish.workId).toBe(work!.id);
      const shown = await t.ok(calls.works.get, { id: work!.id });
      expect(shown.task?.files.map((f) => f.role)).toEqual(['image', 'card']);
      const records = await t.ok(calls.records.list, { kind: 'daily_task' }, { as: user, lang: 'zh_TW' });
      expect(records.items[0]).toMatchObject({ item: '每日任務：文生圖', currency: 'CAC', amount: -1 });
    },
    SLOW,
  );
});

describe('daily tasks: the other types offline', () => {
  let t: TestServer;
  let user: SignedIn;
  let agentId: string;
  beforeAll(async () => {
    t = await startTestServer({ DATA_DIR: await dirs.make() });
    const made = await starring(t, 40);
    user = made.user;
    agentId = made.agent.id;
  }, SLOW);
  afterAll(() => t?.close());

  /** ffprobe of a file (piped, a WAV's or an MP3's duration is unknown to it). */
  const probe = async (bytes: Buffer) => {
    const file = path.join(await dirs.make(), 'probed');
    await writeFile(file, bytes);
    const out = await runProcess('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,codec_type,width,height:format=duration', '-of', 'json', file], { timeoutMs: 30_000 });
    return JSON.parse(out.stdout.toString()) as { streams: Array<{ codec_name: string; codec_type: string; width?: number; height?: number }>; format: { duration: string } };
  };

  it(
    'text_to_comic: a Chinese script of four to six panels, lettered, on one page',
    async () => {
      const made = await t.ok(
        c.create,
        {
          type: 'text_to_comic',
          description: '米拉在海邊學做草莓蛋糕',
          introduction: '她第一次做蛋糕，把廚房弄得一團亂，最後和朋友一起吃掉了。',
          agentId,
          style: 'cartoon',
          scene: 'seaside',
          publishType: 'immediate',
          forward: [],
          key: newKey(),
        },
        { as: user },
      );
      const done = await ended(t, user, made.id);
      expect(done.state).toBe('done');
      expect(done.steps.map((s) => s.state)).toEqual(['done', 'done', 'done', 'done', 'done']);
      const panels = done.files.filter((f) => f.role === 'panel');
      expect(panels.length).toBeGreaterThanOrEqual(4);
      expect(panels.length).toBeLessThanOrEqual(6);
      expect(done.text).toMatch(/\p{Script=Han}/u);
      const page = await sharp((await stored(t, done.files[0]!.url))!).metadata();
      expect(page).toMatchObject({ format: 'png', width: 1200 });
      const [work] = await worksOf(t, made.id);
      expect(work).toMatchObject({ kind: 'image', media: done.files[0]!.url });
    },
    SLOW,
  );

  it(
    'text_to_speech: the script read in the agent voice with a subtitle per sentence',
    async () => {
      const made = await t.ok(
        c.create,
        {
          type: 'text_to_speech',
          description: 'Why I love the sea',
          introduction: 'The waves sing at night. The stars listen. I keep the light on for them.',
          agentId,
          publishType: 'immediate',
          forward: [],
          key: newKey(),
        },
        { as: user },
      );
      const done = await ended(t, user, made.id);
      expect(done.state).toBe('done');
      expect(done.files.map((f) => f.role)).toEqual(['audio', 'mp3', 'subtitles', 'card']);
      const vtt = (await stored(t, done.files[2]!.url))!.toString();
      const cues = [...vtt.matchAll(/(\d\d):(\d\d):(\d\d)\.(\d{3}) --> (\d\d):(\d\d):(\d\d)\.(\d{3})/g)].map((m) => [
        Number(m[3]) + Number(m[4]) / 1000 + Number(m[2]) * 60,
        Number(m[7]) + Number(m[8]) / 1000 + Number(m[6]) * 60,
      ]);
      expect(cues.length).toBe(done.text!.match(/[.!?]/g)!.length);
      // cues follow each other and end within the audio
      for (let i = 1; i < cues.length; i++) expect(cues[i]![0]).toBeGreaterThanOrEqual(cues[i - 1]![1]);
      const seconds = Number((await probe((await stored(t, done.files[0]!.url))!)).format.duration);
      expect(cues.at(-1)![1]).toBeLessThanOrEqual(seconds + 0.01);
      expect(seconds).toBeCloseTo(done.facts.seconds!, 1);
    },
    SLOW,
  );

  it(
    'text_to_song: sung lyrics over the backing, with a lyric sheet',
    async () => {
      const made = await t.ok(
        c.create,
        {
          type: 'text_to_song',
          description: 'A song about the lighthouse',
          introduction: 'Keeping the light on for ships at night.',
          agentId,
          song: { source: 'compose', genre: 'ballad' },
          publishType: 'immediate',
          forward: [],
          key: newKey(),
        },
        { as: user },
      );
      const done = await ended(t, user, made.id);
      expect(done.state).toBe('done');
      expect(done.files.map((f) => f.role)).toEqual(['audio', 'mp3', 'lyrics', 'subtitles', 'waveform', 'card']);
      expect(done.text).toMatch(/chorus/i);
      const mp3 = await probe((await stored(t, done.files[1]!.url))!);
      expect(mp3.streams[0]).toMatchObject({ codec_type: 'audio', codec_name: 'mp3' });
      expect(Number(mp3.format.duration)).toBeGreaterThan(10);
      const [work] = await worksOf(t, made.id);
      expect(work).toMatchObject({ kind: 'audio', category: 'Music' });
    },
    SLOW,
  );

  it(
    'text_to_dance: a composed song danced by the built-in model for a 2D agent',
    async () => {
      const made = await t.ok(
        c.create,
        {
          type: 'text_to_dance',
          description: 'A happy dance on the pier',
          introduction: 'Mira dances when the ships come home.',
          agentId,
          song: { source: 'compose', genre: 'electronic' },
          publishType: 'immediate',
          forward: [],
          key: newKey(),
        },
        { as: user },
      );
      const done = await ended(t, user, made.id);
      expect(done.state).toBe('done');
      expect(done.files.map((f) => f.role)).toEqual(['dance', 'song', 'character', 'card']);
      expect((await stored(t, done.files[0]!.url))!.readUInt32LE(0)).toBe(0x46546c67);
      expect(done.facts.beats).toBeGreaterThan(10);
      const [work] = await worksOf(t, made.id);
      expect(work).toMatchObject({ kind: 'dance', category: 'Dance' });
    },
    SLOW,
  );

  it("comic_to_video: one of the person's comics becomes a 720p H.264 and AAC video without drawing it again", async () => {
    const comic = (await t.ok(c.list, { type: 'text_to_comic', state: 'done' }, { as: user })).items[0]!;
    const made = await t.ok(
      c.create,
      { type: 'comic_to_video', description: comic.form.description, introduction: comic.form.introduction, agentId, comicTaskId: comic.id, publishType: 'immediate', forward: [], key: newKey() },
      { as: user },
    );
    const done = await ended(t, user, made.id);
    expect(done.state).toBe('done');
    const video = await probe((await stored(t, done.files[0]!.url))!);
    expect(video.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(video.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 1280, height: 720 });
    expect(Number(video.format.duration)).toBeCloseTo(done.facts.seconds!, 0);
    // the comic's steps were taken from it, not made again
    const steps = await t.starlit.database.db.select().from(dailyTaskSteps).where(eq(dailyTaskSteps.taskId, made.id));
    const comicSteps = await t.starlit.database.db.select().from(dailyTaskSteps).where(eq(dailyTaskSteps.taskId, comic.id));
    expect(steps.find((s) => s.name === 'panels')!.output).toEqual(comicSteps.find((s) => s.name === 'panels')!.output);
    const [work] = await worksOf(t, made.id);
    expect(work).toMatchObject({ kind: 'video', category: 'Video' });
  }, 240_000);
});
