import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES, startStore, type TestStore } from '../../test/stores.ts';
import { parseListPage, s3Storage } from './storage-s3.ts';
import { contentTypeOf, isValidKey, localStorage, resolveInside, type Storage } from './storage.ts';

let root: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-storage-'));
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const listed = async (storage: Storage, prefix: string) => {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) keys.push(object.key);
  return keys.sort();
};

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
    // every song type a dance takes, and the dance itself
    for (const [ext, type] of [
      ['flac', 'audio/flac'],
      ['aac', 'audio/aac'],
      ['m4a', 'audio/mp4'],
      ['ogg', 'audio/ogg'],
      ['mp3', 'audio/mpeg'],
      ['vrma', 'model/gltf-binary'],
    ]) {
      expect(contentTypeOf(`a.${ext}`)).toBe(type);
    }
    expect(contentTypeOf('a.unknown')).toBe('application/octet-stream');
  });
});

describe.each(STORES)('%s storage', (kind) => {
  let store: TestStore;
  let storage: Storage;
  beforeAll(async () => {
    store = await startStore(kind);
    storage = store.s3 ? s3Storage(store.s3, { listPageSize: 2 }) : localStorage(root);
  });
  afterAll(() => store?.close());

  it('stores, reads back and answers /media/ URLs', async () => {
    expect(await storage.put('x/y.png', Buffer.from('png bytes'), 'image/png')).toBe('/media/x/y.png');
    expect(storage.url('x/y.png')).toBe('/media/x/y.png');
    expect((await storage.read('x/y.png'))?.toString()).toBe('png bytes');
    expect(await storage.read('x/missing.png')).toBeNull();
    expect(await storage.read('x')).toBeNull();
    expect(await storage.read('../x/y.png')).toBeNull();
  });

  it('opens a file for streaming, whole or a byte range, with its size and time', async () => {
    const before = Date.now() - 2000;
    await storage.put('open/sound.wav', Buffer.from('0123456789'), 'audio/wav');
    const opened = await storage.open('open/sound.wav');
    expect(opened?.size).toBe(10);
    expect(opened!.modifiedAt.getTime()).toBeGreaterThan(before);
    expect(await text(await opened!.stream())).toBe('0123456789');
    expect(await text(await opened!.stream({ start: 2, end: 4 }))).toBe('234');
    expect(await storage.open('open/missing.wav')).toBeNull();
    expect(await storage.open('open')).toBeNull();
    expect(await storage.open('.cache/copies/open/sound.wav')).toBeNull();
  });

  it('refuses unsafe keys and a content type the extension contradicts', async () => {
    await expect(storage.put('../escape.png', Buffer.from(''), 'image/png')).rejects.toThrow(/invalid storage key/);
    await expect(storage.put('a.png', Buffer.from(''), 'image/jpeg')).rejects.toThrow(/content type/);
  });

  it('deletes a file (its URL key too) and answers nothing for a missing or unsafe key', async () => {
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
    expect(await listed(storage, 'gone/')).toEqual([]);
  });

  it('keeps copies of a file out of listings and deletes them with it', async () => {
    await storage.put('copied/a.png', Buffer.from('a'), 'image/png');
    await storage.put('copied/b.png', Buffer.from('b'), 'image/png');
    await storage.putCopy('copied/a.png', 'w100-1.png', Buffer.from('small a'));
    await storage.putCopy('copied/a.png', 'w200-1.png', Buffer.from('medium a'));
    await storage.putCopy('copied/b.png', 'w100-1.png', Buffer.from('small b'));
    expect((await storage.readCopy('copied/a.png', 'w100-1.png'))?.toString()).toBe('small a');
    expect(await storage.readCopy('copied/a.png', 'w300-1.png')).toBeNull();
    expect(await listed(storage, '')).not.toContain(expect.stringContaining('w100'));
    expect(await listed(storage, 'copied/')).toEqual(['copied/a.png', 'copied/b.png']);
    await expect(storage.putCopy('copied/a.png', '../../b.png', Buffer.from('x'))).rejects.toThrow(/invalid copy/);

    await storage.delete('copied/a.png');
    expect(await storage.readCopy('copied/a.png', 'w100-1.png')).toBeNull();
    expect(await storage.readCopy('copied/a.png', 'w200-1.png')).toBeNull();
    expect((await storage.readCopy('copied/b.png', 'w100-1.png'))?.toString()).toBe('small b');
  });

  it('lists the files under a prefix with their modification time, page after page', async () => {
    await storage.put('listed/a/1.png', Buffer.from('1'), 'image/png');
    await storage.put('listed/2.wav', Buffer.from('2'), 'audio/wav');
    await storage.put('listed/3.wav', Buffer.from('3'), 'audio/wav');
    await storage.put('listed-not/4.wav', Buffer.from('4'), 'audio/wav');
    const objects = [];
    for await (const object of storage.list('listed/')) objects.push(object);
    expect(objects.map((o) => o.key).sort()).toEqual(['listed/2.wav', 'listed/3.wav', 'listed/a/1.png']);
    expect(objects.every((o) => Date.now() - o.modifiedAt.getTime() < 60_000)).toBe(true);
    expect(await listed(storage, 'nothing-here/')).toEqual([]);
    await expect(listed(storage, '../')).rejects.toThrow(/invalid storage prefix/);
  });
});

describe('local storage', () => {
  it('writes through a temporary file and leaves none behind', async () => {
    await localStorage(root).put('atomic/y.png', Buffer.from('png bytes'), 'image/png');
    expect(await fs.readdir(path.join(root, 'atomic'))).toEqual(['y.png']);
  });

  it('does not follow a symlink out of the root', async () => {
    const outside = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-outside-'));
    await fs.writeFile(path.join(outside, 'secret.txt'), 'secret');
    await fs.symlink(path.join(outside, 'secret.txt'), path.join(root, 'link.txt'));
    expect(await resolveInside(root, 'link.txt')).toBeNull();
    expect(await localStorage(root).read('link.txt')).toBeNull();
    expect(await localStorage(root).open('link.txt')).toBeNull();
    await fs.rm(outside, { recursive: true, force: true });
  });

  it('removes the folder a deletion empties', async () => {
    const storage = localStorage(root);
    await storage.put('emptied/one.png', Buffer.from('1'), 'image/png');
    await storage.putCopy('emptied/one.png', 'w100-1.png', Buffer.from('small'));
    await storage.delete('emptied/one.png');
    await expect(fs.stat(path.join(root, 'emptied'))).rejects.toThrow(/ENOENT/);
    await expect(fs.stat(path.join(root, '.cache/copies/emptied'))).rejects.toThrow(/ENOENT/);
  });

  it('does not delete through a symlink that leads outside the root', async () => {
    const outside = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-outside-'));
    await fs.writeFile(path.join(outside, 'keep.png'), 'keep');
    await fs.symlink(outside, path.join(root, 'linked'));
    await localStorage(root).delete('linked/keep.png');
    expect(await fs.readFile(path.join(outside, 'keep.png'), 'utf8')).toBe('keep');
    expect(await listed(localStorage(root), 'linked/')).toEqual([]);
    await fs.rm(outside, { recursive: true, force: true });
  });

  it('never lists hidden files', async () => {
    await fs.mkdir(path.join(root, 'hidden', '.cache'), { recursive: true });
    await fs.writeFile(path.join(root, 'hidden', '.cache', 'x.png'), 'x');
    expect(await listed(localStorage(root), 'hidden/')).toEqual([]);
  });
});

describe('S3 storage', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await startStore('s3');
  });
  afterAll(() => store?.close());

  it('signs every request: a wrong secret key is refused', async () => {
    const wrong = s3Storage({ ...store.s3!, secretAccessKey: 'not-the-secret' });
    await expect(wrong.put('signed/a.png', Buffer.from('a'), 'image/png')).rejects.toThrow(/403 SignatureDoesNotMatch/);
    await expect(wrong.read('signed/a.png')).rejects.toThrow(/403/);
    await expect(listed(wrong, 'signed/')).rejects.toThrow(/403 SignatureDoesNotMatch/);
    const right = s3Storage(store.s3!);
    await right.put('signed/a.png', Buffer.from('a'), 'image/png');
    expect((await right.read('signed/a.png'))?.toString()).toBe('a');
  });

  it('keeps its objects under the prefix, so one bucket can hold several installations', async () => {
    const mine = s3Storage(store.s3!);
    const other = s3Storage({ ...store.s3!, prefix: 'other/' });
    await mine.put('shared/a.png', Buffer.from('mine'), 'image/png');
    await other.put('shared/a.png', Buffer.from('theirs'), 'image/png');
    expect((await mine.read('shared/a.png'))?.toString()).toBe('mine');
    await other.delete('shared/a.png');
    expect((await mine.read('shared/a.png'))?.toString()).toBe('mine');
    expect(await listed(other, '')).toEqual([]);
  });

  it('reads a ListObjectsV2 page with escaped text and its continuation token', () => {
    const page = parseListPage(
      '<ListBucketResult><IsTruncated>true</IsTruncated><Contents><Key>a/b&amp;c&#43;&#x21;.png</Key><LastModified>2026-01-02T03:04:05.000Z</LastModified></Contents><NextContinuationToken>t/1=</NextContinuationToken></ListBucketResult>',
    );
    expect(page).toEqual({ objects: [{ key: 'a/b&c+!.png', modifiedAt: new Date('2026-01-02T03:04:05.000Z') }], next: 't/1=' });
    const last = '<ListBucketResult><IsTruncated>false</IsTruncated><NextContinuationToken>x</NextContinuationToken></ListBucketResult>';
    expect(parseListPage(last)).toEqual({ objects: [], next: null });
  });
});
