import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { calls, ErrorCode } from '@starlit/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabase, type PathCall, type TestServer } from '../../../test/server.ts';
import { createApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { agents } from '../../db/schema/agents.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { PROCEDURAL_IMAGE_ENGINE } from '../../ai/image/procedural.ts';

const c = calls.avatars;
// each test starts whole apps of its own (one or two, each migrating a fresh database)
const SLOW = 120_000;
type Job = { status: string; imageUrl: string | null; engine: string | null; reason: string | null };
const dirs: string[] = [];
const tempDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-avatar-jobs-'));
  dirs.push(dir);
  return dir;
};

/** A fake OpenAI-compatible image server: fails with 500 while `down`, never answers while `hang`. */
const provider = { down: false, hang: false, calls: 0 };
let providerUrl: string;
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', async () => {
    provider.calls++;
    if (provider.hang) return;
    if (provider.down) return res.writeHead(500).end('{"error":"overloaded"}');
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#6fe3ff' } })
      .png()
      .toBuffer();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [{ b64_json: png.toString('base64') }] }));
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  providerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function waitFor(t: Pick<TestServer, 'call'>, token: string, jobId: string, status: string, lang = 'en_US'): Promise<Job> {
  const start = Date.now();
  for (;;) {
    const res = await t.call<Job>(c.status.path, { jobId }, { token, lang });
    if (res.body.data?.status === status) return res.body.data;
    if (Date.now() - start > 15_000) throw new Error(`job ${jobId}: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Opens the owner's event stream; `event` is the first job event it carries. */
async function listenForJobEvent(t: TestServer, token: string): Promise<{ event: Promise<unknown> }> {
  const address = await t.starlit.app.listen({ port: 0, host: '127.0.0.1' });
  const res = await fetch(`${address}/ai/realtime`, { headers: { token } });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const event = (async () => {
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended without a job event');
      text += value;
      const match = /event: job\ndata: (.*)\n/.exec(text);
      if (match) {
        await reader.cancel();
        return JSON.parse(match[1]!) as unknown;
      }
    }
  })();
  return { event };
}

async function agentOf(t: { starlit: Starlit }, ownerId: string) {
  const [row] = await t.starlit.database.db.insert(agents).values({ ownerId, nickname: 'Luna' }).returning({ id: agents.id });
  return row!.id;
}

describe('generation with the offline engine', () => {
  it(
    'runs to done in the background and puts the picture on the agent',
    async () => {
      const t = await startTestServer({ DATA_DIR: await tempDir() });
      try {
        const u = await t.user();
        const agentId = await agentOf(t, u.userId);
        const pushed = await listenForJobEvent(t, u.token);
        const gen = await t.call<{ jobId: string; status: string }>(c.generate2d.path, { agentId, name: 'Luna', description: 'a cheerful cat girl', style: 'anime' }, { token: u.token });
        expect(gen.body.data.status).toBe('generating');
        const done = await waitFor(t, u.token, gen.body.data.jobId, 'done');
        expect(await pushed.event).toEqual({ type: 'job', jobId: gen.body.data.jobId, status: 'done' });
        expect(done.engine).toBe(PROCEDURAL_IMAGE_ENGINE);
        expect(done.reason).toBeNull();
        const file = await t.starlit.app.inject({ method: 'GET', url: done.imageUrl! });
        expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
        const avatar = await t.call<{ kind: string; image2d: string; job: Job }>(c.get.path, { agentId }, { token: u.token });
        expect(avatar.body.data).toMatchObject({ kind: '2d', image2d: done.imageUrl, job: { status: 'done' } });
        const [row] = await t.starlit.database.db.select().from(agents).where(eq(agents.id, agentId));
        expect(row).toMatchObject({ avatar: done.imageUrl, avatarStyle: 'anime', avatarEditPrompt: 'a cheerful cat girl' });

        // a reference picture is checked like an upload, kept on the agent, and handed to the engine
        const bad = await t.call(c.generate2d.path, { agentId, name: 'Luna', description: 'again', style: 'anime', referenceImage: Buffer.from('no picture').toString('base64') }, { token: u.token });
        expect(bad.body.code).toBe(ErrorCode.AVATAR_BAD_IMAGE);
        const photo = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#ffd36e' } })
          .jpeg()
          .toBuffer();
        const again = await t.call<{ jobId: string }>(c.generate2d.path, { agentId, name: 'Luna', description: 'again', style: 'anime', referenceImage: photo.toString('base64') }, { token: u.token });
        await waitFor(t, u.token, again.body.data.jobId, 'done');
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
        const u = await t.user();
        const agentId = await agentOf(t, u.userId);
        const gen = await t.call<{ jobId: string }>(c.generate2d.path, { agentId, name: 'Kai', description: 'a fox archer', style: 'fantasy' }, { token: u.token });
        const { jobId } = gen.body.data;
        const failed = await waitFor(t, u.token, jobId, 'failed', 'zh_TW');
        expect(failed.reason).toBe('形象生成失敗，請重試');
        expect(provider.calls).toBe(2);
        expect((await t.call<Job>(c.status.path, { jobId }, { token: u.token })).body.data.reason).toBe('Avatar generation failed, please retry');

        provider.down = false;
        const retried = await t.call(c.retry.path, { jobId }, { token: u.token });
        expect(retried.body).toMatchObject({ code: 0, data: { jobId, status: 'generating' } });
        const done = await waitFor(t, u.token, jobId, 'done');
        expect(done.engine).toBe('gpt-image-1 (OpenAI-compatible)');
        expect((await t.call(c.engine.path, {}, { token: u.token })).body.data).toEqual({ engine: 'gpt-image-1 (OpenAI-compatible)', offline: false });
        const again = await t.call(c.retry.path, { jobId }, { token: u.token });
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
      const db = await testDatabase();
      const env = { LOG_LEVEL: 'silent', SEED_DEMO: '0', RATE_LIMIT_PER_MINUTE: '100000', DATA_DIR: await tempDir() };
      const first = await startOn(db.database, { ...env, IMAGE_PROVIDER: 'openai', IMAGE_BASE_URL: providerUrl });
      try {
        provider.hang = true;
        const u = await first.user();
        const agentId = await agentOf(first, u.userId);
        const gen = await first.call<{ jobId: string }>(c.generate2d.path, { agentId, name: 'Mia', description: 'a sleepy astronomer', style: 'watercolor' }, { token: u.token });
        const { jobId } = gen.body.data;
        await waitForRow(db.database, jobId, 'running');
        await first.starlit.close();
        provider.hang = false;
        expect((await db.database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!.status).toBe('running');
        // PostgreSQL may be shared by live instances, so only an expired lease is taken over
        if (db.database.kind === 'postgres') await db.database.db.update(jobs).set({ lockedAt: sql`now() - interval '5 minutes'` }).where(eq(jobs.id, jobId));

        const second = await startOn(db.database, env);
        try {
          const done = await waitFor(second, u.token, jobId, 'done');
          expect(done.engine).toBe(PROCEDURAL_IMAGE_ENGINE);
        } finally {
          await second.starlit.close();
        }
      } finally {
        provider.hang = false;
        await db.drop();
      }
    },
    SLOW,
  );
});

async function waitForRow(database: Awaited<ReturnType<typeof testDatabase>>['database'], jobId: string, status: string) {
  for (let i = 0; i < 300; i++) {
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, jobId));
    if (row?.status === status) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${jobId} never became ${status}`);
}

type Starlit = Awaited<ReturnType<typeof createApp>>;

/** An app on a given database with what the test needs of the test server: calls and a signed-in user. */
async function startOn(database: Awaited<ReturnType<typeof testDatabase>>['database'], env: Record<string, string>) {
  const starlit = await createApp(loadConfig(env as NodeJS.ProcessEnv), { database });
  await starlit.app.ready();
  const call: PathCall = async (url, body = {}, opts = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (opts.token) headers.token = opts.token;
    if (opts.lang) headers['x-lang'] = opts.lang;
    if (opts.cookie) headers.cookie = opts.cookie;
    const res = await starlit.app.inject({ method: 'POST', url, headers, payload: JSON.stringify(body) });
    return { status: res.statusCode, body: res.json() };
  };
  return { starlit, call, user: () => signIn(starlit, call) };
}

/** The browser's sign-in steps, as in test/server.ts. */
async function signIn(starlit: Starlit, call: PathCall) {
  const row = await starlit.services.auth.signUp(`restart_${Date.now()}`, 'correct horse battery');
  const redirectUri = 'http://localhost/';
  const { state } = await starlit.services.auth.begin({ returnTo: '/', redirectUri, builtInAuthorizeUrl: `${redirectUri}passport/authorize`, lang: 'en_US' });
  const code = await starlit.services.auth.issueCode(row.id, redirectUri, state);
  const res = await call<{ token: string; userId: string }>('/ai/api/v1/auth/code_to_token', { code }, { cookie: `starlit_auth_state=${state}` });
  return { token: res.body.data.token, userId: res.body.data.userId };
}
