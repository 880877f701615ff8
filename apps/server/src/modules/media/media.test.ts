import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.ts';
import { STORES, startStore, type TestStore } from '../../../test/stores.ts';
import type { Storage } from '../../platform/storage.ts';
import { resizedCopyName } from './resize.ts';

describe.each(STORES)('media from the %s store', (kind) => {
  let t: TestServer;
  let store: TestStore;
  let storage: Storage;
  let dataDir: string;

  const get = (url: string, headers: Record<string, string> = {}) => t.starlit.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-media-'));
    store = await startStore(kind);
    t = await startTestServer({ DATA_DIR: dataDir, ...store.env });
    storage = t.starlit.storage;
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#44367f' } })
      .png()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#221463' } })
      .jpeg()
      .toBuffer();
    const webp = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ffffff' } })
      .webp()
      .toBuffer();
    const frame = (colour: string) =>
      sharp({ create: { width: 200, height: 100, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#ff0000'), await frame('#00ff00')], { join: { animated: true } })
      .gif()
      .toBuffer();
    await storage.put('test/picture.png', png, 'image/png');
    await storage.put('test/photo.jpg', jpeg, 'image/jpeg');
    await storage.put('test/small.webp', webp, 'image/webp');
    await storage.put('test/moving.gif', gif, 'image/gif');
    await storage.put('test/sound.wav', Buffer.from('RIFF....WAVEfmt '), 'audio/wav');
    await storage.put('test/vector.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml');
    await fs.writeFile(path.join(dataDir, 'secret.txt'), 'outside the media folder');
    if (kind === 'local') {
      const mediaDir = path.join(dataDir, 'media');
      await fs.symlink(path.join(dataDir, 'secret.txt'), path.join(mediaDir, 'test', 'escape.txt'));
      await fs.symlink(path.join(mediaDir, 'test', 'picture.png'), path.join(mediaDir, 'test', 'alias.png'));
    }
  });

  afterAll(async () => {
    await t?.close();
    await store?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  describe('serving stored files', () => {
    it('answers a file with its content type and cache headers', async () => {
      const res = await get('/media/test/picture.png');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers.etag).toMatch(/^W\/"/);
      expect(new Date(res.headers['last-modified'] as string).getTime()).toBeGreaterThan(0);
      expect(res.rawPayload).toEqual(await storage.read('test/picture.png'));
      expect((await get('/media/test/sound.wav')).headers['content-type']).toBe('audio/wav');
      expect((await get('/media/test/photo.jpg')).headers['content-type']).toBe('image/jpeg');
    });

    it('answers 304 to a client that already has the file', async () => {
      const first = await get('/media/test/picture.png');
      const byTag = await get('/media/test/picture.png', { 'if-none-match': first.headers.etag as string });
      expect(byTag.statusCode).toBe(304);
      expect(byTag.rawPayload.length).toBe(0);
      const byDate = await get('/media/test/picture.png', { 'if-modified-since': first.headers['last-modified'] as string });
      expect(byDate.statusCode).toBe(304);
      const stale = await get('/media/test/picture.png', { 'if-none-match': 'W/"0-0"' });
      expect(stale.statusCode).toBe(200);
    });

    it('answers byte ranges so audio can seek', async () => {
      const whole = await get('/media/test/picture.png');
      const part = await get('/media/test/picture.png', { range: 'bytes=10-19' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 10-19/${whole.rawPayload.length}`);
      expect(part.rawPayload).toEqual(whole.rawPayload.subarray(10, 20));
      const tail = await get('/media/test/picture.png', { range: 'bytes=-5' });
      expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(-5));
      const beyond = await get('/media/test/picture.png', { range: `bytes=${whole.rawPayload.length}-` });
      expect(beyond.statusCode).toBe(416);
    });

    it('answers 404 with the envelope for a missing file or a folder', async () => {
      for (const url of ['/media/test/nothing.png', '/media/test', '/media/test/', '/media/']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ code: 404, data: null });
      }
    });

    it('never leaves the media folder', async () => {
      const attempts = [
        '/media/../secret.txt',
        '/media/%2e%2e/secret.txt',
        '/media/test/%2e%2e/%2e%2e/secret.txt',
        '/media/test/..%2f..%2fsecret.txt',
        '/media//etc/passwd',
        '/media/%2fetc%2fpasswd',
        '/media/test/escape.txt',
        '/media/test%00.png',
        '/media/.cache/x.png',
      ];
      for (const url of attempts) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.payload).not.toContain('outside the media folder');
      }
    });

    it.runIf(kind === 'local')('follows a symlink that stays inside the media folder', async () => {
      expect((await get('/media/test/alias.png')).statusCode).toBe(200);
    });
  });

  describe('image_process=resize', () => {
    it('resizes keeping the aspect ratio and format, and keeps the result as a copy', async () => {
      const res = await get('/media/test/picture.png?image_process=resize,w_200');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 200, 150]);

      const opened = await storage.open('test/picture.png');
      const copy = await storage.readCopy('test/picture.png', resizedCopyName('test/picture.png', 200, opened!.modifiedAt));
      expect(copy).toEqual(res.rawPayload);
      const again = await get('/media/test/picture.png?image_process=resize,w_200');
      expect(again.rawPayload).toEqual(res.rawPayload);
      expect(again.headers.etag).toBe(res.headers.etag);
    });

    it('accepts the parameter among others and keeps jpeg and webp', async () => {
      const jpeg = await get('/media/test/photo.jpg?v=3&image_process=resize,w_100&x=y');
      expect(jpeg.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 100, height: 75 });
      // widths go up in steps of 50: 120 is served at 150
      const webp = await get('/media/test/small.webp?image_process=resize,w_120');
      expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 150, height: 100 });
    });

    it('never enlarges', async () => {
      const res = await get('/media/test/small.webp?image_process=resize,w_2048');
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 300, height: 200 });
    });

    it('keeps every frame of an animated gif', async () => {
      const res = await get('/media/test/moving.gif?image_process=resize,w_50');
      expect(res.headers['content-type']).toBe('image/gif');
      const meta = await sharp(res.rawPayload, { animated: true }).metadata();
      expect(meta).toMatchObject({ format: 'gif', width: 50, pages: 2, pageHeight: 25 });
    });

    it('serves files that are not raster images as they are', async () => {
      const svg = await get('/media/test/vector.svg?image_process=resize,w_100');
      expect(svg.statusCode).toBe(200);
      expect(svg.headers['content-type']).toBe('image/svg+xml');
      expect(svg.headers['content-security-policy']).toContain('sandbox');
      const wav = await get('/media/test/sound.wav?image_process=resize,w_100');
      expect(wav.payload).toBe('RIFF....WAVEfmt ');
    });

    it('refuses a bad parameter with 400 and a localized envelope', async () => {
      const bad = ['resize,w_15', 'resize,w_2049', 'resize,w_abc', 'resize,h_100', 'resize,w_100,h_100', 'crop,w_100', '', 'resize,w_-20'];
      for (const value of bad) {
        const res = await get(`/media/test/picture.png?image_process=${encodeURIComponent(value)}`);
        expect(res.statusCode, value).toBe(400);
        expect(res.json()).toMatchObject({ code: 5001, data: null });
      }
      const twice = await get('/media/test/picture.png?image_process=resize,w_100&image_process=resize,w_200');
      expect(twice.statusCode).toBe(400);
      const zh = await get('/media/test/picture.png?image_process=resize,w_1', { 'x-lang': 'zh_TW' });
      expect(zh.json().message).toContain('圖片處理參數無效');
    });
  });
});
