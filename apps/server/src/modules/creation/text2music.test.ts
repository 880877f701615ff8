import fs from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { calls, ErrorCode, type Creation } from '@starlit/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { openEvents } from '../../../test/events.ts';
import { buildUser } from '../../../test/factories.ts';
import { tempDirs } from '../../../test/job-beds.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { ALGORITHMIC_COMPOSER_ENGINE } from '../../ai/music/composer.ts';
import { decodeAudio } from '../../ai/music/encode.ts';
import { readWavInfo } from '../../ai/music/wav-info.ts';
import { encodeWav } from '../../ai/music/wav.ts';
import { runProcess } from '../../ai/speech/run-process.ts';
import { decodeWav } from '../../ai/voice/pcm.ts';
import { creations } from '../../db/schema/creation.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';

const c = calls.creation;
// each suite starts an app of its own, migrating a fresh database
const SLOW = 120_000;
let keys = 0;
const newKey = () => `mk_${Date.now().toString(36)}_${keys++}`;
const input = { workflow: 'text2Music' as const, description: 'slow sad piano at 70 bpm', genre: '  ', mood: 'melancholic', seconds: 12, instrumental: true };
const dirs = tempDirs('starlit-text2music-');
afterAll(() => dirs.cleanup());

const grant = (t: TestServer, user: SignedIn, amount: number) =>
  t.starlit.services.ledger.within(undefined, (books) => books.move({ from: { system: 'bonus' }, to: { user: user.userId }, currency: 'CAC', amount, kind: 'bonus' }));
const balances = (t: TestServer, as: SignedIn) => t.ok(calls.ledger.balances, {}, { as });

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

interface Pushed {
  creationId: string;
  state: string;
  progress: number;
  stage: string;
}

/** Listens to the owner's realtime stream; `until(id)` answers every report of that creation up to its end. */
async function listen(t: TestServer, as: SignedIn) {
  const address = await t.starlit.app.listen({ port: 0, host: '127.0.0.1' });
  const events = openEvents(await fetch(`${address}/ai/realtime`, { headers: { token: as.token } }));
  await events.opened();
  return {
    async until(id: string): Promise<Pushed[]> {
      const seen: Pushed[] = [];
      for (;;) {
        const event = JSON.parse((await events.next('creation')).data) as Pushed;
        if (event.creationId !== id) continue;
        seen.push(event);
        if (event.state !== 'generating') return seen;
      }
    },
    close: () => events.cancel(),
  };
}

/** A stored file's bytes, fetched as the browser would. */
async function fetched(t: TestServer, url: string): Promise<Buffer> {
  const got = await t.starlit.app.inject({ method: 'GET', url });
  expect(got.statusCode).toBe(200);
  return got.rawPayload;
}

/** The tags another program (ffprobe) reads from a file's container. */
async function ffprobeTags(bytes: Buffer, name: string): Promise<Record<string, string>> {
  const file = path.join(await dirs.make(), name);
  await fs.writeFile(file, bytes);
  const out = await runProcess('ffprobe', ['-v', 'error', '-show_format', '-of', 'json', file], { timeoutMs: 10_000 });
  expect(out.code).toBe(0);
  return (JSON.parse(out.stdout.toString()) as { format: { tags?: Record<string, string> } }).format.tags ?? {};
}

const rolesOf = (creation: Creation) => creation.files.map((f) => [f.role, f.mime]);

describe('text2Music with the offline composer', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ DATA_DIR: await dirs.make() });
  }, SLOW);
  afterAll(async () => {
    await t?.close();
  });

  it('holds 2 creation counts, composes a 12 s piece in three files with its settings in their tags, and posts once', async () => {
    const u = await buildUser(t);
    await grant(t, u, 2);
    expect(await t.ok(c.estimate, { workflow: 'text2Music' }, { as: u })).toMatchObject({ charge: { currency: 'CAC', amount: 2 } });
    const stream = await listen(t, u);
    const made = await t.ok(c.create, { ...input, key: newKey() }, { as: u });
    expect(made).toMatchObject({ state: 'generating', cost: { currency: 'CAC', amount: 2 }, engine: ALGORITHMIC_COMPOSER_ENGINE });
    // the blank genre is dropped, the rest kept as asked for "Make the same style"
    expect(made.params).toEqual({ workflow: 'text2Music', description: input.description, mood: 'melancholic', seconds: 12, instrumental: true });
    expect(await balances(t, u)).toMatchObject({ CAC: 0 });

    const pushed = await stream.until(made.id);
    await stream.close();
    const stages = pushed.map((p) => p.stage).filter((stage, i, all) => stage !== all[i - 1]);
    expect(stages).toEqual(['queued', 'composing', 'encoding', 'saving', 'finished']);
    const bar = pushed.map((p) => p.progress);
    expect(bar).toEqual([...bar].sort((a, b) => a - b));

    const done = await ended(t, u, made.id);
    expect(done).toMatchObject({ state: 'done', engine: ALGORITHMIC_COMPOSER_ENGINE, resultMime: 'audio/wav', error: null });
    expect(rolesOf(done)).toEqual([
      ['audio', 'audio/wav'],
      ['mp3', 'audio/mpeg'],
      ['waveform', 'image/png'],
    ]);
    expect(done.facts.seconds).toBeCloseTo(12, 1);
    // "at 70 bpm" is a tempo the composer plays exactly
    expect(done.facts.bpm).toBe(70);
    expect((await settlements(t, made.id)).map((s) => s.status)).toEqual(['post']);
    expect(await balances(t, u)).toMatchObject({ CAC: 0 });

    const [audio, mp3, waveform] = await Promise.all(done.files.map((f) => fetched(t, f.url)));
    const wav = decodeWav(audio!);
    expect(wav.samples.length / wav.sampleRate).toBeCloseTo(12, 2);
    // ffmpeg decodes the MP3 to the same length, give or take the encoder's padding
    const decoded = await decodeAudio(mp3!);
    expect(Math.abs(decoded.samples.length / decoded.sampleRate - 12)).toBeLessThan(0.1);
    expect(Math.max(...decoded.samples.subarray(0, decoded.sampleRate * 4).map(Math.abs))).toBeGreaterThan(0.05);
    expect(await sharp(waveform).metadata()).toMatchObject({ format: 'png', width: 800, height: 160 });

    // the provenance: our reader and another program read the same tags from both files
    const comment = JSON.stringify(JSON.parse(readWavInfo(audio!).comment!));
    expect(readWavInfo(audio!)).toMatchObject({ title: input.description, software: ALGORITHMIC_COMPOSER_ENGINE });
    expect(JSON.parse(comment)).toMatchObject({
      engine: ALGORITHMIC_COMPOSER_ENGINE,
      description: input.description,
      moodWords: 'melancholic',
      seconds: 12,
      bpm: 70,
      instrumental: true,
      genre: 'pop',
    });
    const wavTags = await ffprobeTags(audio!, 'piece.wav');
    expect(wavTags).toMatchObject({ title: input.description, comment, encoder: ALGORITHMIC_COMPOSER_ENGINE, genre: 'pop' });
    expect(await ffprobeTags(mp3!, 'piece.mp3')).toMatchObject({ title: input.description, comment, genre: 'pop' });

    const file = await t.ok(c.download, { id: made.id }, { as: u });
    expect(file).toEqual({ url: done.files[0]!.url, mime: 'audio/wav', fileName: `starlit-text2Music-${made.id.slice(0, 8)}.wav` });
    const records = await t.ok(calls.records.list, { kind: 'creation' }, { as: u, lang: 'zh_TW' });
    expect(records.items).toMatchObject([{ item: '創作：文生音樂', currency: 'CAC', amount: -2 }]);
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('refuses a length outside 10–180 s and a genre word the admins listed, holding nothing', async () => {
    const u = await buildUser(t);
    await grant(t, u, 2);
    for (const seconds of [9, 181, 12.5]) expect((await t.call(c.create, { ...input, seconds, key: newKey() }, { as: u })).body.code).toBe(ErrorCode.VALIDATION);
    const admin = await t.admin();
    await t.ok(calls.moderation.addPromptWords, { words: ['gore'] }, { as: admin });
    const refused = await t.call(c.create, { ...input, genre: 'GORE metal', key: newKey() }, { as: u });
    expect(refused.body.code).toBe(ErrorCode.CREATION_WORD_NOT_ALLOWED);
    expect(await balances(t, u)).toMatchObject({ CAC: 2 });
    expect((await t.ok(c.list, {}, { as: u })).items).toEqual([]);
  });
});

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** MusicGen's answer: 12 s of a chord at its own 32 kHz. */
const RATE = 32_000;
const musicgenWav = encodeWav(
  Float32Array.from({ length: RATE * 12 }, (_, i) => 0.3 * (Math.sin((2 * Math.PI * 220 * i) / RATE) + Math.sin((2 * Math.PI * 277 * i) / RATE))),
  RATE,
);

/**
 * A stand-in for api.replicate.com speaking its predictions API: a created prediction is
 * `processing` with MusicGen's tqdm bar at 10 % in its logs, the first poll shows 55 %, the next
 * one ends it as `outcome` says. Every request is recorded.
 */
async function fakeReplicate() {
  const state = { outcome: 'succeeded' as 'succeeded' | 'failed', seen: [] as Seen[], polls: new Map<string, number>() };
  let predictions = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      state.seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      answer(req.method ?? '', req.url ?? '', res);
    });
  });
  const base = await new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
  const prediction = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
    id,
    model: 'meta/musicgen',
    version: '671ac645ce5e552cc63a54a2bbff63fcf798043055d2dac5fc9e36a837eedcfb',
    input: {},
    logs: '',
    output: null,
    data_removed: false,
    error: null,
    status,
    created_at: '2026-11-24T11:00:00.000Z',
    urls: { get: `${base}/v1/predictions/${id}`, cancel: `${base}/v1/predictions/${id}/cancel`, stream: `${base}/stream/${id}` },
    ...extra,
  });
  const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const bar = (percent: number) => `Using seed: 7\n${percent}%|${'█'.repeat(percent / 10)}${' '.repeat(10 - percent / 10)}| ${percent * 3}/300 [00:0${percent / 10}<00:10, 30.0it/s]\n`;
  function answer(method: string, url: string, res: ServerResponse) {
    if (method === 'POST' && url === '/v1/models/meta/musicgen/predictions') return json(res, 201, prediction(`p${++predictions}`, 'processing', { logs: bar(10) }));
    if (method === 'GET' && url === '/files/out.wav') return res.writeHead(200, { 'content-type': 'audio/wav' }).end(musicgenWav);
    const id = /^\/v1\/predictions\/(p\d+)$/.exec(url)?.[1];
    if (method !== 'GET' || !id) return json(res, 404, { title: 'Not found', detail: 'Not found.', status: 404 });
    const polls = (state.polls.get(id) ?? 0) + 1;
    state.polls.set(id, polls);
    if (polls === 1) return json(res, 200, prediction(id, 'processing', { logs: bar(10) + bar(50).replace('50%', '55%') }));
    if (state.outcome === 'failed') return json(res, 200, prediction(id, 'failed', { logs: bar(60), error: 'CUDA out of memory' }));
    json(res, 200, prediction(id, 'succeeded', { logs: bar(100), output: `${base}/files/out.wav`, metrics: { predict_time: 3.2 } }));
  }
  return {
    state,
    base,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

describe('text2Music on Replicate (a local server speaking its predictions API)', () => {
  let t: TestServer;
  let replicate: Awaited<ReturnType<typeof fakeReplicate>>;
  beforeAll(async () => {
    replicate = await fakeReplicate();
    t = await startTestServer({ DATA_DIR: await dirs.make(), REPLICATE_API_TOKEN: 'r8_test', REPLICATE_MUSIC_MODEL: 'meta/musicgen', REPLICATE_API_URL: replicate.base });
  }, SLOW);
  afterAll(async () => {
    await t?.close();
    await replicate?.close();
  });

  it("shows the percentages MusicGen logs as the creation's progress, then stores its piece", async () => {
    const u = await buildUser(t);
    await grant(t, u, 2);
    const stream = await listen(t, u);
    const made = await t.ok(c.create, { ...input, genre: 'lofi', key: newKey() }, { as: u });
    expect(made.engine).toBe('meta/musicgen (Replicate)');
    const pushed = await stream.until(made.id);
    await stream.close();

    // the workflow's 0–100 fills the bar from 30 to 90: 10 % is 36, 55 % is 63, the output fetched 90
    const composing = pushed.filter((p) => p.stage === 'composing').map((p) => p.progress);
    expect(composing).toEqual([30, 36, 63, 90]);
    expect(pushed.map((p) => p.stage).filter((stage, i, all) => stage !== all[i - 1])).toEqual(['queued', 'composing', 'encoding', 'saving', 'finished']);

    const create = replicate.state.seen.find((s) => s.method === 'POST')!;
    expect(create.headers.authorization).toBe('Bearer r8_test');
    expect(JSON.parse(create.body)).toMatchObject({ input: { prompt: 'lofi, melancholic, slow sad piano at 70 bpm, instrumental, no vocals', duration: 12, output_format: 'wav' } });

    const done = await ended(t, u, made.id);
    expect(done).toMatchObject({ state: 'done', engine: 'meta/musicgen (Replicate)' });
    expect(rolesOf(done)).toEqual([
      ['audio', 'audio/wav'],
      ['mp3', 'audio/mpeg'],
      ['waveform', 'image/png'],
    ]);
    // a hosted model says no tempo: only the measured length
    expect(done.facts).toEqual({ seconds: 12 });
    const audio = await fetched(t, done.files[0]!.url);
    expect(decodeWav(audio).sampleRate).toBe(RATE);
    const tags = await ffprobeTags(audio, 'replicate.wav');
    expect(tags).toMatchObject({ title: input.description, genre: 'lofi', encoder: 'meta/musicgen (Replicate)' });
    expect(JSON.parse(tags.comment!)).toMatchObject({ engine: 'meta/musicgen (Replicate)', model: 'meta/musicgen', prediction: 'p1', seconds: 12 });
    expect((await settlements(t, made.id)).map((s) => s.status)).toEqual(['post']);
    expect(await balances(t, u)).toMatchObject({ CAC: 0 });
  });

  it(
    'fails a creation whose predictions fail as "Generation failed" and refunds it once',
    async () => {
      replicate.state.outcome = 'failed';
      const u = await buildUser(t);
      await grant(t, u, 2);
      const before = replicate.state.seen.filter((s) => s.method === 'POST').length;
      const made = await t.ok(c.create, { ...input, key: newKey() }, { as: u });
      expect(await balances(t, u)).toMatchObject({ CAC: 0 });
      const failed = await ended(t, u, made.id);
      expect(failed).toMatchObject({ state: 'failed', errorCode: ErrorCode.CREATION_GENERATION_FAILED, error: 'Generation failed', files: [] });
      expect((await t.ok(c.get, { id: made.id }, { as: u, lang: 'zh_TW' })).error).toBe('生成失敗');
      // both attempts asked Replicate, and neither left a file
      expect(replicate.state.seen.filter((s) => s.method === 'POST').length - before).toBe(2);
      expect((await settlements(t, made.id)).map((s) => s.status)).toEqual(['void']);
      expect(await balances(t, u)).toMatchObject({ CAC: 2 });
      expect((await t.call(c.download, { id: made.id }, { as: u })).body.code).toBe(ErrorCode.CREATION_NOT_DONE);
      expect(await t.starlit.services.ledger.violations()).toEqual([]);
    },
    SLOW,
  );
});
