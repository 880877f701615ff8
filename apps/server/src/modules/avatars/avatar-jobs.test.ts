import { calls, ErrorCode } from '@starlit/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { openEvents } from '../../../test/events.ts';
import { buildDraftAgent, buildUser } from '../../../test/factories.ts';
import { flakyImageProvider, tempDirs } from '../../../test/job-beds.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { agents } from '../../db/schema/agents.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { offlineImageModel } from '../../ai/image/offline.ts';
import { PROCEDURAL_IMAGE_ENGINE } from '../../ai/image/procedural.ts';

const c = calls.avatars;
// each test starts whole apps of its own (one or two, each migrating a fresh database)
const SLOW = 120_000;
const dirs = tempDirs('starlit-avatar-jobs-');
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

/** The job as its owner sees it once it reached `status`. */
async function waitFor(t: TestServer, as: SignedIn, jobId: string, status: string, lang = 'en_US') {
  const res = await eventually(
    () => t.call(c.status, { jobId }, { as, lang }),
    (r) => r.body.data?.status === status,
    50,
  );
  return res.body.data;
}

/** Opens the owner's event stream; `event` is the first job event it carries. */
async function listenForJobEvent(t: TestServer, as: SignedIn): Promise<{ event: Promise<unknown> }> {
  const address = await t.starlit.app.listen({ port: 0, host: '127.0.0.1' });
  // the event stream is not a contract call: a plain request with the session token
  const res = await fetch(`${address}/ai/realtime`, { headers: { token: as.token } });
  const events = openEvents(res);
  const event = events.next('job').then(async (job) => {
    await events.cancel();
    return JSON.parse(job.data) as unknown;
  });
  return { event };
}

describe('generation with the offline engine', () => {
  it(
    'runs to done in the background and puts the picture on the agent',
    async () => {
      const t = await startTestServer({ DATA_DIR: await tempDir() });
      try {
        const u = await buildUser(t);
        const agentId = (await buildDraftAgent(t, u)).id;
        const pushed = await listenForJobEvent(t, u);
        const gen = await t.call(c.generate2d, { agentId, name: 'Luna', description: 'a cheerful cat girl', style: 'anime' }, { as: u });
        expect(gen.body.data.status).toBe('generating');
        const done = await waitFor(t, u, gen.body.data.jobId, 'done');
        expect(await pushed.event).toEqual({ type: 'job', jobId: gen.body.data.jobId, status: 'done' });
        expect(done.engine).toBe(PROCEDURAL_IMAGE_ENGINE);
        expect(done.reason).toBeNull();
        const file = await t.starlit.app.inject({ method: 'GET', url: done.imageUrl! });
        expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
        // an avatar is asked for as a portrait: the offline engine draws the face alone, not a scene around it
        const portrait = await offlineImageModel().generate({ prompt: 'Luna: a cheerful cat girl', style: 'anime', width: 512, height: 512, seed: 0, portrait: true });
        const [got, want] = await Promise.all([file.rawPayload, portrait.image].map((image) => sharp(image).removeAlpha().raw().toBuffer()));
        expect(got!.reduce((sum, v, i) => sum + Math.abs(v - want![i]!), 0) / got!.length).toBeLessThan(4);
        const avatar = await t.call(c.get, { agentId }, { as: u });
        expect(avatar.body.data).toMatchObject({ kind: '2d', image2d: done.imageUrl, job: { status: 'done' } });
        const [row] = await t.starlit.database.db.select().from(agents).where(eq(agents.id, agentId));
        expect(row).toMatchObject({ avatar: done.imageUrl, avatarStyle: 'anime', avatarEditPrompt: 'a cheerful cat girl' });

        // a reference picture is checked like an upload, kept on the agent, and handed to the engine
        const bad = await t.call(c.generate2d, { agentId, name: 'Luna', description: 'again', style: 'anime', referenceImage: Buffer.from('no picture').toString('base64') }, { as: u });
        expect(bad.body.code).toBe(ErrorCode.AVATAR_BAD_IMAGE);
        const photo = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#ffd36e' } })
          .jpeg()
          .toBuffer();
        const again = await t.call(c.generate2d, { agentId, name: 'Luna', description: 'again', style: 'anime', referenceImage: photo.toString('base64') }, { as: u });
        await waitFor(t, u, again.body.data.jobId, 'done');
        const [withReference] = await t.starlit.database.db.select().from(agents).where(eq(agents.id, agentId));
        expect(withReference!.avatarReferenceImage).toMatch(/^\/media\/avatars\/.+\.webp$/);
      } finally {
        await t.close();
      }
    },
    SLOW,
  );
});

describe('a failing provider', () => {
  it(
    'ends failed with a localized reason after its attempts; retry then succeeds',
    async () => {
      const t = await startTestServer({ DATA_DIR: await tempDir(), IMAGE_PROVIDER: 'openai', IMAGE_BASE_URL: providerUrl, JOB_MAX_ATTEMPTS: '2', JOB_RETRY_BASE_MS: '20' });
      try {
        provider.down = true;
        provider.calls = 0;
        const u = await buildUser(t);
        const agentId = (await buildDraftAgent(t, u)).id;
        const gen = await t.call(c.generate2d, { agentId, name: 'Kai', description: 'a fox archer', style: 'fantasy' }, { as: u });
        const { jobId } = gen.body.data;
        const failed = await waitFor(t, u, jobId, 'failed', 'zh_TW');
        expect(failed.reason).toBe('形象生成失敗，請重試');
        expect(provider.calls).toBe(2);
        expect((await t.call(c.status, { jobId }, { as: u })).body.data.reason).toBe('Avatar generation failed, please retry');

        provider.down = false;
        const retried = await t.call(c.retry, { jobId }, { as: u });
        expect(retried.body).toMatchObject({ code: 0, data: { jobId, status: 'generating' } });
        const done = await waitFor(t, u, jobId, 'done');
        expect(done.engine).toBe('gpt-image-1 (OpenAI-compatible)');
        expect((await t.call(c.engine, {}, { as: u })).body.data).toEqual({ engine: 'gpt-image-1 (OpenAI-compatible)', offline: false });
        const again = await t.call(c.retry, { jobId }, { as: u });
        expect(again.body.code).toBe(ErrorCode.AVATAR_JOB_NOT_FAILED);
      } finally {
        provider.down = false;
        await t.close();
      }
    },
    SLOW,
  );
});

describe('a restart mid-job', () => {
  it(
    'loses nothing: the next process takes the job over and completes it',
    async () => {
      const env = { DATA_DIR: await tempDir() };
      const t = await startTestServer({ ...env, IMAGE_PROVIDER: 'openai', IMAGE_BASE_URL: providerUrl });
      try {
        provider.hang = true;
        const u = await buildUser(t);
        const agentId = (await buildDraftAgent(t, u)).id;
        const gen = await t.call(c.generate2d, { agentId, name: 'Mia', description: 'a sleepy astronomer', style: 'watercolor' }, { as: u });
        const { jobId } = gen.body.data;
        const jobRow = async () => (await t.starlit.database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0];
        await eventually(jobRow, (row) => row?.status === 'running', 50);
        // the next process runs the offline engine
        await t.restart({
          env,
          whileStopped: async () => {
            provider.hang = false;
            expect((await jobRow())!.status).toBe('running');
            // PostgreSQL may be shared by live instances, so only an expired lease is taken over
            if (t.starlit.database.kind === 'postgres') await t.starlit.database.db.update(jobs).set({ lockedAt: sql`now() - interval '5 minutes'` }).where(eq(jobs.id, jobId));
          },
        });
        const done = await waitFor(t, u, jobId, 'done');
        expect(done.engine).toBe(PROCEDURAL_IMAGE_ENGINE);
      } finally {
        provider.hang = false;
        await t.close();
      }
    },
    SLOW,
  );
});
