import { randomBytes } from 'node:crypto';
import { createReadStream, type Dirent, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded and generated files live; business code only sees keys and URLs. */
export interface Storage {
  /** Stores `body` under `key` (replacing what was there) and answers its public URL. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** The bytes under `key`, or null when there are none. */
  read(key: string): Promise<Buffer | null>;
  /** What is under `key`, to be streamed (whole or a byte range), or null when nothing is. */
  open(key: string): Promise<OpenedObject | null>;
  /** The public URL of `key`. */
  url(key: string): string;
  /** The key a URL of {@link url} names, or null when the URL is not one of this storage's. */
  keyOf(url: string): string | null;
  /** Removes what is under `key` and every copy made of it; nothing there is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored object whose key starts with `prefix` (a folder such as `avatars/`), in no order. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /**
   * A copy derived from `key` (a resized image) named `name`, kept out of `list` and the
   * public addresses, and deleted with `key`.
   */
  readCopy(key: string, name: string): Promise<Buffer | null>;
  putCopy(key: string, name: string, body: Buffer): Promise<void>;
}

/** A stored object opened for serving. */
export interface OpenedObject {
  size: number;
  modifiedAt: Date;
  /** Its bytes, all of them or the inclusive byte range `start`–`end`. */
  stream(range?: { start: number; end: number }): Promise<Readable>;
}

/** A stored object as a listing sees it. */
export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/** The URL prefix under which the server answers stored files (modules/media). */
export const MEDIA_PREFIX = '/media/';

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.flac': 'audio/flac',
  '.aac': 'audio/aac',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.json': 'application/json',
  '.vrm': 'model/gltf-binary',
  // a VRM Animation (music2Dance) is a glTF binary too
  '.vrma': 'model/gltf-binary',
  '.glb': 'model/gltf-binary',
  '.txt': 'text/plain; charset=utf-8',
  // subtitles of a spoken task, a song or a video, read by a <track>
  '.vtt': 'text/vtt; charset=utf-8',
};

/** The content type a key is served with, decided by its extension. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

// Plain ASCII names that mean the same on every file system and object store; a leading
// dot is refused so "..", hidden files and the resize cache (.cache) are never addressable.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** Whether `key` is a safe relative storage key such as `seed/works/aurora.webp`. */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

/** Where the copies of a key live in either store: hidden, so never listed or served. */
export const COPIES_FOLDER = '.cache/copies/';

/** The folder of `key`'s copies, or null when the key or the copy's name is unsafe. */
export function copiesOf(key: string, name = ''): string | null {
  if (!isValidKey(key) || (name !== '' && !SEGMENT.test(name))) return null;
  return `${COPIES_FOLDER}${key}/${name}`;
}

/** The addresses every store answers under {@link MEDIA_PREFIX}, where the server serves them. */
export function mediaAddresses(): Pick<Storage, 'url' | 'keyOf'> {
  return {
    url: (key) => `${MEDIA_PREFIX}${key}`,
    keyOf(address) {
      if (!address.startsWith(MEDIA_PREFIX)) return null;
      const key = address.slice(MEDIA_PREFIX.length);
      return isValidKey(key) ? key : null;
    },
  };
}

/** Refuses what no store may write: an unsafe key, or a content type its extension contradicts. */
export function checkPut(key: string, contentType: string): void {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
  // the extension decides how the file is served, so it has to agree with the content
  if (contentTypeOf(key) !== contentType) throw new Error(`key ${key} does not fit content type ${contentType}`);
}

/** A regular file found under a storage root. */
export interface StoredFile {
  file: string;
  stats: Stats;
}

/**
 * The regular file under `root` that `key` names, or null when the key is unsafe, nothing
 * is there, or a symlink leads outside `root`.
 */
export async function resolveInside(root: string, key: string): Promise<StoredFile | null> {
  if (!isValidKey(key)) return null;
  try {
    const realRoot = await fs.realpath(root);
    const file = await fs.realpath(path.join(realRoot, key));
    if (!file.startsWith(realRoot + path.sep)) return null;
    const stats = await fs.stat(file);
    return stats.isFile() ? { file, stats } : null;
  } catch {
    return null;
  }
}

/**
 * Writes through a temporary file and a rename, so a reader (or a crash) never sees half a
 * file.
 */
export async function writeFileAtomic(file: string, body: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await fs.writeFile(temporary, body);
    await fs.rename(temporary, file);
  } catch (err) {
    await fs.rm(temporary, { force: true });
    throw err;
  }
}

/** The files under `folder` (a real path inside the storage root), as keys relative to `root`. */
async function* filesUnder(root: string, folder: string): AsyncGenerator<StoredObject> {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    // hidden entries (the resize cache) are not stored objects, and links are never followed
    if (entry.name.startsWith('.')) continue;
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(root, file);
    else if (entry.isFile()) {
      const key = path.relative(root, file).split(path.sep).join('/');
      const stats = await fs.stat(file).catch(() => null);
      if (stats && isValidKey(key)) yield { key, modifiedAt: stats.mtime };
    }
  }
}

/** Storage in a local folder, served by the server itself under {@link MEDIA_PREFIX}. */
export function localStorage(root: string): Storage {
  const addresses = mediaAddresses();
  /** Removes `folder` (inside root) when it is empty; one still in use is left alone. */
  const removeIfEmpty = async (folder: string) => {
    if (folder !== (await fs.realpath(root).catch(() => root))) await fs.rmdir(folder).catch(() => undefined);
  };
  return {
    ...addresses,
    async delete(key) {
      const copies = copiesOf(key);
      if (copies === null) return;
      const found = await resolveInside(root, key);
      if (found) {
        await fs.rm(found.file, { force: true });
        // an emptied folder (an agent's avatars/<id>/) goes too
        await removeIfEmpty(path.dirname(found.file));
      }
      const copiesFolder = path.join(root, copies);
      await fs.rm(copiesFolder, { recursive: true, force: true });
      await removeIfEmpty(path.dirname(copiesFolder));
    },
    async *list(prefix) {
      const folder = prefix.replace(/\/+$/, '');
      if (folder !== '' && !isValidKey(folder)) throw new Error(`invalid storage prefix: ${prefix}`);
      let realRoot: string;
      try {
        realRoot = await fs.realpath(root);
      } catch {
        return;
      }
      const start = await fs.realpath(path.join(realRoot, folder)).catch(() => null);
      if (start === null || (start !== realRoot && !start.startsWith(realRoot + path.sep))) return;
      yield* filesUnder(realRoot, start);
    },
    async put(key, body, contentType) {
      checkPut(key, contentType);
      await writeFileAtomic(path.join(root, key), body);
      return addresses.url(key);
    },
    async read(key) {
      const found = await resolveInside(root, key);
      return found ? fs.readFile(found.file) : null;
    },
    async open(key) {
      const found = await resolveInside(root, key);
      if (!found) return null;
      return { size: found.stats.size, modifiedAt: found.stats.mtime, stream: async (range) => createReadStream(found.file, range) };
    },
    async readCopy(key, name) {
      const copy = copiesOf(key, name);
      return copy ? fs.readFile(path.join(root, copy)).catch(() => null) : null;
    },
    async putCopy(key, name, body) {
      const copy = copiesOf(key, name);
      if (!copy || name === '') throw new Error(`invalid copy ${name} of ${key}`);
      await writeFileAtomic(path.join(root, copy), body);
    },
  };
}
