import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { calls, WORK_LIMITS } from '@starlit/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';

const run = promisify(execFile);
const c = calls.works;

let t: TestServer;
let dir: string;
beforeAll(async () => {
  t = await startTestServer();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-upload-test-'));
});
afterAll(async () => {
  await t?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** Keys stored under the user's works folder. */
async function storedFor(user: SignedIn): Promise<string[]> {
  const keys = [];
  for await (const object of t.starlit.storage.list(`works/${user.userId}/`)) keys.push(object.key);
  return keys;
}

/** A file made by ffmpeg (another program), carrying a title and a comment as metadata. */
async function ffmpegFile(name: string, input: string[], codec: string[]): Promise<Buffer> {
  const file = path.join(dir, name);
  await run('ffmpeg', ['-v', 'error', '-y', ...input, ...codec, '-metadata', 'title=SecretTitle', '-metadata', 'comment=SecretComment', file]);
  return fs.readFile(file);
}
const wav = () => ffmpegFile('tone.wav', ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'], []);
const mp4 = () => ffmpegFile('clip.mp4', ['-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=10:duration=1'], ['-c:v', 'mpeg4']);
const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
    .png()
    .toBuffer();

/** The tags ffprobe finds in a stored file, format and streams together. */
async function tagsOf(body: Buffer, name: string): Promise<Record<string, string>> {
  const file = path.join(dir, name);
  await fs.writeFile(file, body);
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format_tags:stream_tags', '-of', 'json', file]);
  const probe = JSON.parse(stdout) as { format?: { tags?: Record<string, string> }; streams?: Array<{ tags?: Record<string, string> }> };
  return Object.assign({}, probe.format?.tags, ...(probe.streams ?? []).map((s) => s.tags ?? {}));
}

describe('upload refusals by content', () => {
  it.each([
    ['a PNG sent as a sound (a picture renamed .mp3)', 'audio', png],
    ['a PNG sent as a video', 'video', png],
    ['a text file sent as a picture', 'image', async () => Buffer.from('just some words, not a picture')],
    ['a text file sent as a sound', 'audio', async () => Buffer.from('ID3 but not really an mp3 at all')],
    ['a WAV sent as a video', 'video', wav],
    ['an MP4 sent as a sound', 'audio', mp4],
    ['a WAV sent as a picture', 'image', wav],
  ] as const)('refuses %s and stores nothing', async (_, kind, make) => {
    const user = await buildUser(t);
    const res = await t.call(c.upload, { kind, data: (await make()).toString('base64') }, { as: user });
    expect(res.body).toMatchObject({ code: 4003, message: 'The file is not a supported picture, sound or video' });
    expect(await storedFor(user)).toEqual([]);
  });

  it('refuses a file over the limit for its kind, in both languages, and stores nothing', async () => {
    const user = await buildUser(t);
    const big = Buffer.alloc(WORK_LIMITS.imageBytes + 1, 1).toString('base64');
    expect((await t.call(c.upload, { kind: 'image', data: big }, { as: user })).body).toMatchObject({ code: 4004, message: 'The file is too large' });
    expect((await t.call(c.upload, { kind: 'image', data: big }, { as: user, lang: 'zh_TW' })).body).toMatchObject({ code: 4004, message: '檔案太大' });
    expect(await storedFor(user)).toEqual([]);
  });

  it('does not follow a playlist to the network: an HLS file sent as a sound is refused and fetches nothing', async () => {
    const user = await buildUser(t);
    let fetched = 0;
    const target = http.createServer((_req, res) => {
      fetched++;
      res.end();
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const { port } = target.address() as AddressInfo;
    const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nhttp://127.0.0.1:${port}/segment.ts\n#EXT-X-ENDLIST\n`;
    try {
      const res = await t.call(c.upload, { kind: 'audio', data: Buffer.from(playlist).toString('base64') }, { as: user });
      expect(res.body).toMatchObject({ code: 4003 });
      expect(fetched).toBe(0);
      expect(await storedFor(user)).toEqual([]);
    } finally {
      await new Promise((resolve) => target.close(resolve));
    }
  });

  it('needs a signed-in user', async () => {
    expect((await t.call(c.upload, { kind: 'image', data: (await png()).toString('base64') })).status).toBe(401);
  });
});

describe('files from other programs are stored without metadata', () => {
  it('re-encodes a JPEG with EXIF as WebP with no metadata', async () => {
    const user = await buildUser(t);
    const jpeg = await sharp({ create: { width: 32, height: 16, channels: 3, background: '#0a0' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'SecretOwner', Artist: 'SecretArtist' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const upload = await t.ok(c.upload, { kind: 'image', data: jpeg.toString('base64') }, { as: user });
    expect(upload.key).toMatch(new RegExp(`^works/${user.userId}/[0-9a-f]+\\.webp$`));
    const stored = (await t.starlit.storage.read(upload.key)) ?? Buffer.alloc(0);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 32, height: 16 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes('SecretOwner')).toBe(false);
  });

  it('copies a WAV made by ffmpeg without its title and comment', async () => {
    const user = await buildUser(t);
    const original = await wav();
    expect(await tagsOf(original, 'original.wav')).toMatchObject({ title: 'SecretTitle' });
    const upload = await t.ok(c.upload, { kind: 'audio', data: original.toString('base64') }, { as: user });
    expect(upload).toMatchObject({ kind: 'audio', url: expect.stringMatching(/\.wav$/) });
    const stored = (await t.starlit.storage.read(upload.key)) ?? Buffer.alloc(0);
    expect(stored.includes('SecretTitle')).toBe(false);
    expect(await tagsOf(stored, 'stored.wav')).not.toHaveProperty('title');
  });

  it('copies an MP4 made by ffmpeg without its metadata, and makes a video work of it', async () => {
    const user = await buildUser(t);
    const upload = await t.ok(c.upload, { kind: 'video', data: (await mp4()).toString('base64') }, { as: user });
    expect(upload.url).toMatch(/\.mp4$/);
    const stored = (await t.starlit.storage.read(upload.key)) ?? Buffer.alloc(0);
    expect(stored.includes('SecretComment')).toBe(false);
    const tags = await tagsOf(stored, 'stored.mp4');
    expect(tags).not.toHaveProperty('title');
    expect(tags).not.toHaveProperty('comment');
    const work = await t.ok(c.create, { name: 'Test card', category: 'Video', mediaKey: upload.key }, { as: user });
    expect(work).toMatchObject({ kind: 'video', media: upload.url, cover: null });
  });
});
