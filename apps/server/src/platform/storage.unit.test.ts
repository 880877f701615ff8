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

describe('local storage lifecycle', () => {
  it('deletes a file (its URL key too) and answers nothing for a missing or unsafe key', async () => {
    const storage = localStorage(root);
    const url = await storage.put('gone/one.png', Buffer.from('1'), 'image/png');
    await storage.put('gone/two.png', Buffer.from('2'), 'image/png');
    expect(storage.keyOf(url)).toBe('gone/one.png');
    expect(storage.keyOf('https://elsewhere.example/media/gone/one.png')).toBeNull();
    expect(storage.keyOf('/media/../etc/passwd')).toBeNull();
    await storage.delete('gone/one.png');
    expect(await storage.read('gone/one.png')).toBeNull();
    expect((await storage.read('gone/two.png'))?.toString()).toBe('2');
    await storage.delete('gone/one.png');
    await storage.delete('../outside.png');
    await storage.delete('gone/two.png');
    // the emptied folder goes with its last file
    await expect(fs.stat(path.join(root, 'gone'))).rejects.toThrow(/ENOENT/);
  });

  it('does not delete through a symlink that leads outside the root', async () => {
    const outside = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-outside-'));
    await fs.writeFile(path.join(outside, 'keep.png'), 'keep');
    await fs.symlink(outside, path.join(root, 'linked'));
    await localStorage(root).delete('linked/keep.png');
    expect(await fs.readFile(path.join(outside, 'keep.png'), 'utf8')).toBe('keep');
    const listed = [];
    for await (const object of localStorage(root).list('linked/')) listed.push(object);
    expect(listed).toEqual([]);
    await fs.rm(outside, { recursive: true, force: true });
  });

  it('lists the files under a prefix with their modification time, never hidden ones', async () => {
    const storage = localStorage(root);
    await storage.put('listed/a/1.png', Buffer.from('1'), 'image/png');
    await storage.put('listed/2.wav', Buffer.from('2'), 'audio/wav');
    await fs.mkdir(path.join(root, 'listed', '.cache'), { recursive: true });
    await fs.writeFile(path.join(root, 'listed', '.cache', 'x.png'), 'x');
    const listed = [];
    for await (const object of storage.list('listed/')) listed.push(object);
    expect(listed.map((o) => o.key).sort()).toEqual(['listed/2.wav', 'listed/a/1.png']);
    expect(listed.every((o) => Date.now() - o.modifiedAt.getTime() < 60_000)).toBe(true);
    const none = [];
    for await (const object of storage.list('nothing-here/')) none.push(object);
    expect(none).toEqual([]);
  });
});
