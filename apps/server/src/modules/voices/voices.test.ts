import { calls, type CallInput, type CallOutput } from '@starlit/contract';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { buildDraftAgent, buildUser, buildVoice } from '../../../test/factories.ts';
import { type SignedIn, startTestServer, type TestServer } from '../../../test/server.ts';
import { encodeWithFfmpeg, hasFfmpeg, voiceWav } from '../../../test/voice-clips.ts';
import { voices } from '../../db/schema/index.ts';

const c = calls.voices;
type Voice = CallOutput<typeof c.detail>;
let t: TestServer;
let dataDir: string;
const official: Record<string, string> = {};

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-voices-'));
  t = await startTestServer({ DATA_DIR: dataDir });
  official.Atlas = (await buildVoice(t, { name: 'Atlas', gender: 'Male', engineParams: { engine: 'espeak-ng', voice: 'en-us+m3', pitch: 38, speed: 160 } })).id;
  official.Luna = (await buildVoice(t, { name: 'Luna', gender: 'Female', engineParams: { engine: 'espeak-ng', voice: 'en-us+f3', pitch: 62, speed: 165 } })).id;
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** A real clip padded with trailing bytes up to `size`. */
const oversize = (size: number) => {
  const wav = voiceWav({ seconds: 5, sampleRate: 44_100 });
  return Buffer.concat([wav, Buffer.alloc(size - wav.length)]);
};
const b64 = (bytes: Buffer) => bytes.toString('base64');
const clone = (as: SignedIn, audio: Buffer, lang?: string) => t.call(c.clone, { name: 'Me', gender: 'Female', audio: b64(audio) }, { as, lang });
const list = async (tab: CallInput<typeof c.list>['tab'], as?: SignedIn) => (await t.call(c.list, { tab }, { as })).body;

const settled = async (id: string, as: SignedIn): Promise<Voice> =>
  (
    await eventually(
      () => t.call(c.detail, { id }, { as }),
      (res) => res.body.data.status !== 'creating',
      100,
    )
  ).body.data;

describe('access', () => {
  it.each([
    [c.clone.path, { name: 'x', gender: 'Male', audio: 'AAAA' }],
    [c.remove.path, { id: '00000000-0000-4000-8000-000000000000' }],
    [c.preview.path, { voiceId: '00000000-0000-4000-8000-000000000000' }],
  ])('%s refuses anonymous callers with 401', async (path, body) => {
    const res = await t.call(path, body);
    expect(res.status).toBe(401);
  });

  it('the "my" tab needs a login; the others do not', async () => {
    expect((await t.call(c.list, { tab: 'my' })).status).toBe(401);
    expect((await list('recommend')).code).toBe(0);
  });
});

describe('catalogue tabs', () => {
  it('recommend lists the official voices, free until the store opens', async () => {
    const page = await list('recommend');
    expect(page.data.items.map((v) => v.name).sort()).toEqual(['Atlas', 'Luna']);
    expect(page.data.items[0]).toMatchObject({ kind: 'official', purchased: false, priceDiamonds: 0, status: 'done', engine: 'eSpeak NG (offline)', clonedBy: null });
  });

  it('male and female split by gender and include the user own finished clones', async () => {
    const u = await buildUser(t);
    const made = await clone(u, voiceWav({ seconds: 5, sampleRate: 44_100, pitchHz: 220 }));
    await settled(made.body.data.id, u);
    expect((await list('male', u)).data.items.map((v) => v.name)).toEqual(['Atlas']);
    expect((await list('female', u)).data.items.map((v) => v.name).sort()).toEqual(['Luna', 'Me']);
    expect((await list('female')).data.items.map((v) => v.name)).toEqual(['Luna']);
    expect((await list('my', u)).data.items.map((v) => v.id)).toEqual([made.body.data.id]);
  });
});

describe('cloning', () => {
  it('accepts a 5-second 44.1 kHz clip: creating, then done with offline parameters and a sample', async () => {
    const u = await buildUser(t);
    const res = await clone(u, voiceWav({ seconds: 5, sampleRate: 44_100, pitchHz: 120 }));
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ kind: 'cloned', purchased: true, status: 'creating', clonedBy: expect.stringMatching(/Offline voice matcher/) });
    const done = await settled(res.body.data.id, u);
    const [row] = await t.starlit.database.db.select().from(voices).where(eq(voices.id, done.id));
    expect(row.clipKey).toMatch(/^voices\/clips\/[0-9a-f]{32}\.wav$/);
    expect(row.clipKey).not.toContain(done.id);
    expect(done).toMatchObject({ status: 'done', failureReason: null, engine: 'eSpeak NG (offline)' });
    expect(done.sample).toMatch(/^\/media\/voices\/speech\/[0-9a-f]{32}\.wav$/);
    const sample = await t.starlit.app.inject({ method: 'GET', url: done.sample! });
    expect(sample.statusCode).toBe(200);
    expect(sample.rawPayload.toString('latin1', 0, 4)).toBe('RIFF');
  });

  it.skipIf(!hasFfmpeg)('accepts an MP3 clip (needs ffmpeg)', async () => {
    const u = await buildUser(t);
    const res = await clone(u, encodeWithFfmpeg(voiceWav({ seconds: 5, sampleRate: 44_100 }), 'mp3'));
    expect(res.body.code).toBe(0);
    expect((await settled(res.body.data.id, u)).status).toBe('done');
  });

  const refusals: Array<[string, () => Buffer, number, string]> = [
    ['a 2-second clip', () => voiceWav({ seconds: 2, sampleRate: 44_100 }), 6103, 'The clip is too short: it must be 3 to 8 seconds long'],
    ['a 9-second clip', () => voiceWav({ seconds: 9, sampleRate: 44_100 }), 6104, 'The clip is too long: it must be 3 to 8 seconds long'],
    ['a 16000 Hz clip (must be above)', () => voiceWav({ seconds: 5, sampleRate: 16_000 }), 6105, "The clip's sampling rate is too low: it must be above 16000 Hz"],
    ['a text file renamed .wav', () => Buffer.from('I am a text file called voice.wav\n'.repeat(50)), 6102, 'The file is not an accepted audio clip: use WAV, MP3, OGG, FLAC, M4A or WebM'],
    ['a file over 5 MB', () => oversize(5 * 1024 * 1024 + 1), 6106, 'The file is too large: a clip can be at most 5 MB'],
  ];

  it.each(refusals)('refuses %s by name and creates nothing', async (_, make, code, message) => {
    const u = await buildUser(t);
    const res = await clone(u, make());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code, message });
    expect((await list('my', u)).data.items).toEqual([]);
  });

  it('answers 413 to a body far past the clip limit', async () => {
    const u = await buildUser(t);
    expect((await clone(u, oversize(8 * 1024 * 1024))).status).toBe(413);
  });

  it('refuses in the caller language', async () => {
    const u = await buildUser(t);
    const res = await clone(u, voiceWav({ seconds: 2, sampleRate: 44_100 }), 'zh_TW');
    expect(res.body).toMatchObject({ code: 6103, message: '音訊片段太短：長度須為 3 到 8 秒' });
  });

  it('keeps at most 3 clones per user', async () => {
    const u = await buildUser(t);
    const clip = voiceWav({ seconds: 3.5, sampleRate: 22_050 });
    for (let i = 0; i < 3; i++) expect((await clone(u, clip)).body.code).toBe(0);
    expect((await clone(u, clip)).body).toMatchObject({ code: 6108, message: 'You can keep at most 3 cloned voices: delete one first' });
  });

  it('fails a clone with a reason when the clip holds no voice', async () => {
    const u = await buildUser(t);
    const silence = voiceWav({ seconds: 4, sampleRate: 22_050, pitchHz: 0 });
    const res = await clone(u, silence);
    const failed = await settled(res.body.data.id, u);
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toBe('No clear voice was found in the clip: record again somewhere quiet');
    const zh = await t.call(c.detail, { id: failed.id }, { as: u, lang: 'zh_TW' });
    expect(zh.body.data.failureReason).toBe('音訊片段中找不到清晰的人聲：請在安靜的地方重新錄製');
  });
});

describe('own voices', () => {
  it('only the owner sees and deletes a clone; official voices cannot be deleted', async () => {
    const owner = await buildUser(t);
    const other = await buildUser(t);
    const id = (await clone(owner, voiceWav({ seconds: 4, sampleRate: 48_000 }))).body.data.id;
    await settled(id, owner);
    expect((await t.call(c.detail, { id }, { as: other })).body.code).toBe(6101);
    expect((await t.call(c.remove, { id }, { as: other })).status).toBe(403);
    expect((await t.call(c.remove, { id: official.Atlas }, { as: owner })).status).toBe(403);
    expect((await t.call(c.remove, { id }, { as: owner })).body).toMatchObject({ code: 0, data: { deleted: true } });
    expect((await t.call(c.detail, { id }, { as: owner })).body.code).toBe(6101);
  });

  it('refuses to delete a cloned voice an agent speaks with, and changes nothing', async () => {
    const owner = await buildUser(t);
    const id = (await clone(owner, voiceWav({ seconds: 4, sampleRate: 48_000 }))).body.data.id;
    await settled(id, owner);
    const agent = await buildDraftAgent(t, owner, { nickname: 'Echo' });
    const set = await t.call(calls.agents.setVoices, { id: agent.id, voices: [{ voiceId: id }] }, { as: owner });
    expect(set.body.code).toBe(0);
    const refused = await t.call(c.remove, { id }, { as: owner });
    expect(refused.body).toMatchObject({ code: 6116, message: 'One of your agents speaks with this voice: take it off the agent first' });
    expect((await t.call(c.detail, { id }, { as: owner })).body.code).toBe(0);
    await t.ok(calls.agents.setVoices, { id: agent.id, voices: [] }, { as: owner });
    expect((await t.call(c.remove, { id }, { as: owner })).body.code).toBe(0);
  });
});

describe('preview', () => {
  it('speaks the sample sentence with the chosen settings and answers a playable URL', async () => {
    const u = await buildUser(t);
    const res = await t.call(c.preview, { voiceId: official.Luna, pitch: 4, volume: 1.2, speed: 1.5 }, { as: u });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ engine: 'eSpeak NG (offline)', contentType: 'audio/wav' });
    const again = await t.call(c.preview, { voiceId: official.Luna, pitch: 4, volume: 1.2, speed: 1.5 }, { as: u });
    expect(again.body.data.url).toBe(res.body.data.url);
    expect((await t.starlit.app.inject({ method: 'GET', url: res.body.data.url })).statusCode).toBe(200);
  });

  it('refuses settings outside the slider ranges', async () => {
    const u = await buildUser(t);
    expect((await t.call(c.preview, { voiceId: official.Luna, pitch: 13 }, { as: u })).body.code).toBe(1001);
    expect((await t.call(c.preview, { voiceId: official.Luna, speed: 2.5 }, { as: u })).body.code).toBe(1001);
  });
});
