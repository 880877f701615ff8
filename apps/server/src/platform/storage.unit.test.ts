import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeOf, isValidKey, localStorage, resolveInside } from './storage.ts';

let root: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-storage-'));
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('storage keys', () => {
  it('accepts plain relative keys and refuses everything that could escape or hide', () => {
    for (const key of ['a.png', 'seed/works/aurora-lake.webp', 'u/123_x/f.v2.wav']) expect(isValidKey(key), key).toBe(true);
    for (const key of ['', '../a', 'a/../b', '/etc/passwd', 'a//b', '.cache/x.png', 'a/.hidden', 'a\\b', 'a\0b', 'ü.png', 'a b.png', 'x/'.repeat(300)]) {
      expect(isValidKey(key), key).toBe(false);
    }
  });

  it('maps extensions to content types', () => {
    expect(contentTypeOf('a/b.PNG')).toBe('image/png');
    expect(contentTypeOf('a.jpeg')).toBe('image/jpeg');
    expect(contentTypeOf('a.wav')).toBe('audio/wav');
    expect(contentTypeOf('a.unknown')).toBe('application/octet-stream');
  });
});

describe('local storage', () => {
  it('stores, reads back and answers /media/ URLs', async () => {
    const storage = localStorage(root);
    expect(await storage.put('x/y.png', Buffer.from('png bytes'), 'image/png')).toBe('/media/x/y.png');
    expect(storage.url('x/y.png')).toBe('/media/x/y.png');
    expect((await storage.read('x/y.png'))?.toString()).toBe('png bytes');
    expect(await storage.read('x/missing.png')).toBeNull();
    expect(await storage.read('x')).toBeNull();
    expect((await fs.readdir(path.join(root, 'x'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses unsafe keys and a content type the extension contradicts', async () => {
    const storage = localStorage(root);
    await expect(storage.put('../escape.png', Buffer.from(''), 'image/png')).rejects.toThrow(/invalid storage key/);
    await expect(storage.put('a.png', Buffer.from(''), 'image/jpeg')).rejects.toThrow(/content type/);
  });

  it('does not follow a symlink out of the root', async () => {
    const outside = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-outside-'));
    await fs.writeFile(path.join(outside, 'secret.txt'), 'secret');
    await fs.symlink(path.join(outside, 'secret.txt'), path.join(root, 'link.txt'));
    expect(await resolveInside(root, 'link.txt')).toBeNull();
    expect(await localStorage(root).read('link.txt')).toBeNull();
    await fs.rm(outside, { recursive: true, force: true });
  });
});
