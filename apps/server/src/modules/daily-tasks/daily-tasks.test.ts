import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { calls, ErrorCode, type DailyTask } from '@starlit/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { buildAgent, buildUser, giveAgentVoice } from '../../../test/factories.ts';
import { balances, flakyImageProvider, grant, tempDirs } from '../../../test/job-beds.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { renderTempoTrack } from '../../ai/music/song.ts';
import { encodeWav } from '../../ai/music/wav.ts';
import { runProcess } from '../../ai/speech/run-process.ts';
import { dailyTasks, dailyTaskSteps } from '../../db/schema/daily-tasks.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';
import { works } from '../../db/schema/content.ts';

const c = calls.dailyTasks;
const SLOW = 120_000;
let keys = 0;
const newKey = () => `dt_${Date.now().toString(36)}_${keys++}`;
const dirs = tempDirs('starlit-tasks-');
afterAll(() => dirs.cleanup());

/** The task once it left `generating`. */
const ended = (t: TestServer, as: SignedIn, id: string, lang = 'en_US') =>
  eventually(
    () => t.ok(c.get, { id }, { as, lang }),
    (r: DailyTask) => r.state !== 'generating',
    120,
  );

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
    expect(noIntro.body).toMatchObject({ code: ErrorCode.DAILY_TASK_INTRODUCTION, message: '請輸入故事介紹' });
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

  it("dances only to songs the person may use: not another person's upload, not a picture", async () => {
    const { user, agent } = await starring(t, 10);
    const other = await buildUser(t);
    const song = renderTempoTrack(120, 8);
    const theirs = await t.ok(calls.creation.upload, { kind: 'song', data: encodeWav(song.samples, song.sampleRate).toString('base64') }, { as: other });
    const dance = { ...form(agent.id), type: 'text_to_dance' as const };
    const refused = await t.call(c.create, { ...dance, key: newKey(), song: { source: 'upload', key: theirs.key } }, { as: user });
    expect(refused.body.code).toBe(ErrorCode.CREATION_UPLOAD_NOT_FOUND);
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const picture = await t.ok(calls.creation.upload, { kind: 'image', data: png.toString('base64') }, { as: user });
    expect((await t.call(c.create, { ...dance, key: newKey(), song: { source: 'upload', key: picture.key } }, { as: user })).body.code).toBe(ErrorCode.CREATION_SONG_TYPE);
    expect(await balances(t, user)).toMatchObject({ CAC: 10 });
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

describe('daily tasks: scheduled publishing', () => {
  let t: TestServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    env = { DATA_DIR: await dirs.make() };
    t = await startTestServer(env);
  }, SLOW);
  afterAll(() => t?.close());

  const inAWhile = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const publishJob = async (taskId: string) => {
    const [row] = await t.starlit.database.db.select().from(dailyTasks).where(eq(dailyTasks.id, taskId));
    return row!.publishJobId ? (await t.starlit.database.db.select().from(jobs).where(eq(jobs.id, row!.publishJobId)))[0]! : null;
  };

  it(
    'keeps five publishes waiting, refuses a sixth, and lets the owner move, cancel or publish them',
    async () => {
      const { user, agent } = await starring(t, 20);
      const scheduled = { publishType: 'scheduled' as const, publishAt: inAWhile(30) };
      const made: DailyTask[] = [];
      for (const type of ['text_to_image', 'text_to_image', 'text_to_image', 'text_to_speech', 'text_to_speech'] as const) {
        const task = await t.ok(c.create, { ...form(agent.id), type, ...scheduled, key: newKey() }, { as: user });
        made.push(await ended(t, user, task.id));
      }
      expect(made.map((m) => m.publish.state)).toEqual(Array(5).fill('scheduled'));
      expect(await worksOf(t, made[0]!.id)).toEqual([]);
      const job = await publishJob(made[0]!.id);
      expect(job).toMatchObject({ status: 'queued', kind: 'daily-task.publish' });
      // the job is due at the publish time, on the database's clock
      expect(Math.abs(job!.runAt.getTime() - Date.parse(scheduled.publishAt))).toBeLessThan(5_000);
      expect((await t.ok(c.overview, {}, { as: user })).scheduledRemaining).toBe(0);
      const before = await balances(t, user);
      const sixth = await t.call(c.create, { ...form(agent.id), type: 'text_to_speech', ...scheduled, key: newKey() }, { as: user });
      expect(sixth.body).toMatchObject({ code: ErrorCode.DAILY_TASK_SCHEDULE_FULL, message: 'No scheduled publishes remaining: 5 are waiting' });
      expect(await balances(t, user)).toEqual(before);
      // an immediate one still goes
      expect((await t.call(c.create, { ...form(agent.id), type: 'text_to_speech', key: newKey() }, { as: user })).body.code).toBe(0);

      const later = inAWhile(120);
      const moved = await t.ok(c.reschedule, { id: made[0]!.id, publishAt: later }, { as: user });
      expect(moved.publish).toMatchObject({ state: 'scheduled', at: later });
      expect(job && (await t.starlit.database.db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!.status).toBe('cancelled');
      expect(Math.abs((await publishJob(made[0]!.id))!.runAt.getTime() - Date.parse(later))).toBeLessThan(5_000);
      expect((await t.call(c.reschedule, { id: made[0]!.id, publishAt: inAWhile(0) }, { as: user })).body.code).toBe(ErrorCode.DAILY_TASK_PUBLISH_TIME);

      const cancelled = await t.ok(c.unschedule, { id: made[1]!.id }, { as: user });
      expect(cancelled.publish).toMatchObject({ state: 'unpublished', at: null });
      expect((await t.ok(c.overview, {}, { as: user })).scheduledRemaining).toBe(1);
      // an unpublished result can be scheduled again, taking its place back
      expect((await t.ok(c.reschedule, { id: made[1]!.id, publishAt: later }, { as: user })).publish).toMatchObject({ state: 'scheduled', at: later });
      expect((await t.ok(c.overview, {}, { as: user })).scheduledRemaining).toBe(0);
      await t.ok(c.unschedule, { id: made[1]!.id }, { as: user });
      const now = await t.ok(c.publish, { id: made[1]!.id }, { as: user });
      expect(now.publish.state).toBe('published');
      expect(await worksOf(t, made[1]!.id)).toHaveLength(1);
      expect((await t.call(c.publish, { id: made[1]!.id }, { as: user })).body.code).toBe(ErrorCode.DAILY_TASK_NOT_PUBLISHABLE);
    },
    SLOW,
  );

  it(
    'leaves a task unpublished when its schedule is cancelled while it generates',
    async () => {
      await t.restart({ env: { ...env, CREATION_DELAY_MS: '1500' } });
      const { user, agent } = await starring(t, 5);
      const task = await t.ok(c.create, { ...form(agent.id), publishType: 'scheduled', publishAt: inAWhile(30), key: newKey() }, { as: user });
      expect((await t.ok(c.unschedule, { id: task.id }, { as: user })).publish).toMatchObject({ state: 'unpublished', at: null });
      const done = await ended(t, user, task.id);
      expect(done).toMatchObject({ state: 'done', publish: { state: 'unpublished', workId: null } });
      expect(await worksOf(t, task.id)).toEqual([]);
      expect(await publishJob(task.id)).toBeNull();
      await t.restart({ env });
    },
    SLOW,
  );

  it(
    'publishes at its time after a restart in between, exactly once',
    async () => {
      const { user, agent } = await starring(t, 5);
      const task = await t.ok(c.create, { ...form(agent.id), publishType: 'scheduled', publishAt: inAWhile(10), key: newKey() }, { as: user });
      const done = await ended(t, user, task.id);
      expect(done.publish.state).toBe('scheduled');
      const jobId = (await publishJob(task.id))!.id;
      // the server stops before the time and starts again; then the time comes (the job falls due)
      await t.restart({ env });
      await t.starlit.database.db
        .update(jobs)
        .set({ runAt: new Date(Date.now() - 1000) })
        .where(eq(jobs.id, jobId));
      const published = await eventually(
        () => t.ok(c.get, { id: task.id }, { as: user }),
        (r: DailyTask) => r.publish.state === 'published',
        100,
      );
      const workIds = (await worksOf(t, task.id)).map((w) => w.id);
      expect(workIds).toEqual([published.publish.workId]);
      // a second run of the same job (a process that died after publishing, before recording it) finds the work
      await t.starlit.database.db.update(dailyTasks).set({ publishState: 'scheduled', publishJobId: jobId }).where(eq(dailyTasks.id, task.id));
      await t.starlit.services.dailyTasks.publishScheduled({ taskId: task.id }, { jobId, attempt: 2, signal: new AbortController().signal, progress: async () => {} });
      await t.restart({ env });
      expect((await worksOf(t, task.id)).map((w) => w.id)).toEqual(workIds);
      expect((await t.ok(c.get, { id: task.id }, { as: user })).publish).toMatchObject({ state: 'published', workId: workIds[0] });
    },
    SLOW,
  );
});

describe('daily tasks: failures, retries and restarts', () => {
  let t: TestServer;
  let env: Record<string, string>;
  let provider: Awaited<ReturnType<typeof flakyImageProvider>>;
  beforeAll(async () => {
    provider = await flakyImageProvider();
    env = { DATA_DIR: await dirs.make(), IMAGE_PROVIDER: 'openai', IMAGE_BASE_URL: provider.url };
    t = await startTestServer(env);
  }, SLOW);
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const steps = async (taskId: string) => t.starlit.database.db.select().from(dailyTaskSteps).where(eq(dailyTaskSteps.taskId, taskId));

  it(
    'fails a comic whose panels cannot be drawn, refunds it, and retries from the panels keeping the script',
    async () => {
      const { user, agent } = await starring(t, 6);
      provider.state.down = true;
      const made = await t.ok(c.create, { ...form(agent.id), type: 'text_to_comic', scene: 'seaside', key: newKey() }, { as: user });
      const failed = await ended(t, user, made.id, 'zh_TW');
      expect(failed).toMatchObject({ state: 'failed', errorCode: ErrorCode.DAILY_TASK_GENERATION_FAILED, error: '生成失敗', publish: { state: 'unpublished' } });
      expect(failed.steps.map((s) => s.state)).toEqual(['done', 'failed', 'pending', 'pending', 'pending']);
      expect((await settlements(t, made.id)).map((s) => s.status)).toEqual(['void']);
      expect(await balances(t, user)).toMatchObject({ CAC: 6 });
      const script = (await steps(made.id)).find((s) => s.name === 'script')!;

      provider.state.down = false;
      const again = await t.ok(c.retry, { id: made.id, key: newKey() }, { as: user });
      expect(again).toMatchObject({ id: made.id, state: 'generating', cost: { currency: 'CAC', amount: 3 } });
      const done = await ended(t, user, made.id);
      expect(done.state).toBe('done');
      expect((await settlements(t, made.id)).map((s) => s.status)).toEqual(['post']);
      // the script was kept, not written again
      expect((await steps(made.id)).find((s) => s.name === 'script')).toEqual(script);
      expect(await balances(t, user)).toMatchObject({ CAC: 3 });
      expect(await t.starlit.services.ledger.violations()).toEqual([]);
    },
    SLOW,
  );

  it('finishes or refunds each type exactly once when the server stops in the middle of its pipeline', async () => {
    provider.state.down = false;
    const inputs: Array<Partial<DailyTask['form']> & { type: DailyTask['type'] }> = [
      { type: 'text_to_image' },
      { type: 'text_to_comic', scene: 'seaside' },
      { type: 'text_to_speech' },
      { type: 'text_to_song', song: { source: 'compose', genre: 'pop' } },
      { type: 'text_to_dance' },
      { type: 'comic_to_video', scene: 'seaside', style: 'cartoon' },
    ];
    for (const extra of inputs) {
      const { user, agent } = await starring(t, 10);
      const made = await t.ok(c.create, { ...form(agent.id), ...extra, key: newKey() }, { as: user });
      // the first step is kept: the job is in the middle of the pipeline
      await eventually(
        () => steps(made.id),
        (rows) => rows.some((s) => s.state === 'done'),
        50,
      );
      const [row] = await t.starlit.database.db.select().from(dailyTasks).where(eq(dailyTasks.id, made.id));
      const kept = (await steps(made.id)).filter((s) => s.state === 'done');
      await t.restart({
        env,
        whileStopped: async () => {
          // PostgreSQL may be shared by live instances, so only an expired lease is taken over
          if (t.starlit.database.kind === 'postgres') await t.starlit.database.db.update(jobs).set({ lockedAt: sql`now() - interval '5 minutes'` }).where(eq(jobs.id, row!.jobId!));
        },
      });
      const done = await ended(t, user, made.id);
      expect([extra.type, done.state]).toEqual([extra.type, 'done']);
      expect((await settlements(t, made.id)).map((s) => s.status)).toEqual(['post']);
      expect(await worksOf(t, made.id)).toHaveLength(1);
      // what was kept before the stop was not made again
      const after = await steps(made.id);
      for (const step of kept) expect(after.find((s) => s.name === step.name)).toEqual(step);
    }
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  }, 600_000);
});
