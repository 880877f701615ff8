import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { checkPut, contentTypeOf, copiesOf, isValidKey, mediaAddresses, type Storage, type StoredObject } from './storage.ts';

/** Where an S3-compatible bucket is and how to sign for it (config.ts reads it from S3_*). */
export interface S3Options {
  bucket: string;
  /** `https://s3.<region>.amazonaws.com`, a MinIO or R2 address… */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint host>/<key>` (MinIO). */
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can hold several installations: `''` or `name/`. */
  prefix: string;
}

/** A ListObjectsV2 page: keys as the bucket has them (with the prefix). */
interface ListPage {
  objects: { key: string; modifiedAt: Date }[];
  next: string | null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return ENTITIES[entity] ?? whole;
  });
const element = (xml: string, name: string) => {
  const found = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
  return found ? unescapeXml(found[1]!) : null;
};

/** A ListObjectsV2 answer; its elements are flat text, so a full XML parser is not needed. */
export function parseListPage(xml: string): ListPage {
  const objects = [...xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].map((match) => ({
    key: element(match[1]!, 'Key') ?? '',
    modifiedAt: new Date(element(match[1]!, 'LastModified') ?? 0),
  }));
  const truncated = element(xml, 'IsTruncated') === 'true';
  return { objects, next: truncated ? element(xml, 'NextContinuationToken') : null };
}

/** An S3 error answer as one line: the status and the service's code and message. */
async function failure(what: string, res: Response): Promise<Error> {
  const body = await res.text().catch(() => '');
  const detail = [element(body, 'Code'), element(body, 'Message')].filter(Boolean).join(': ');
  return new Error(`S3 ${what}: ${res.status}${detail ? ` ${detail}` : ''}`);
}

/**
 * Storage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2…), signed with AWS
 * Signature V4. Objects keep the same `/media/` addresses as the local folder: the server
 * reads them from the bucket, so the bucket can stay private (decision 0017).
 */
export function s3Storage(options: S3Options, tuning: { listPageSize?: number } = {}): Storage {
  const client = new AwsClient({ accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey, region: options.region, service: 's3', retries: 3 });
  const endpoint = new URL(options.endpoint);
  const base = options.forcePathStyle
    ? `${endpoint.origin}${endpoint.pathname.replace(/\/+$/, '')}/${options.bucket}`
    : `${endpoint.protocol}//${options.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/+$/, '')}`;
  // keys are plain ASCII (isValidKey), so encoding each segment keeps the slashes as folders
  const objectUrl = (objectKey: string) => `${base}/${objectKey.split('/').map(encodeURIComponent).join('/')}`;
  const addresses = mediaAddresses();

  async function get(objectKey: string, range?: { start: number; end: number }): Promise<Response | null> {
    const res = await client.fetch(objectUrl(objectKey), { headers: range ? { range: `bytes=${range.start}-${range.end}` } : {} });
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) throw await failure(`GET ${objectKey}`, res);
    return res;
  }

  async function remove(objectKey: string): Promise<void> {
    const res = await client.fetch(objectUrl(objectKey), { method: 'DELETE' });
    // a missing object is answered 204 by S3 and 404 by some compatible stores
    if (!res.ok && res.status !== 404) throw await failure(`DELETE ${objectKey}`, res);
    await res.body?.cancel();
  }

  /** Every object under `prefix` (a bucket key prefix), one ListObjectsV2 page at a time. */
  async function* listRaw(prefix: string): AsyncGenerator<{ key: string; modifiedAt: Date }> {
    let token: string | null = null;
    do {
      const query = new URLSearchParams({ 'list-type': '2', prefix, 'max-keys': String(tuning.listPageSize ?? 1000) });
      if (token) query.set('continuation-token', token);
      const res = await client.fetch(`${base}?${query}`);
      if (!res.ok) throw await failure(`LIST ${prefix}`, res);
      const page = parseListPage(await res.text());
      yield* page.objects;
      token = page.next;
    } while (token);
  }

  async function write(objectKey: string, body: Buffer, contentType: string): Promise<void> {
    // a copy typed as the fetch body wants it (a Buffer may sit in a shared pool)
    const res = await client.fetch(objectUrl(objectKey), { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': contentType } });
    if (!res.ok) throw await failure(`PUT ${objectKey}`, res);
    await res.body?.cancel();
  }

  return {
    ...addresses,
    async put(key, body, contentType) {
      checkPut(key, contentType);
      await write(options.prefix + key, body, contentType);
      return addresses.url(key);
    },
    async read(key) {
      if (!isValidKey(key)) return null;
      const res = await get(options.prefix + key);
      return res ? Buffer.from(await res.arrayBuffer()) : null;
    },
    async open(key) {
      if (!isValidKey(key)) return null;
      const res = await client.fetch(objectUrl(options.prefix + key), { method: 'HEAD' });
      if (res.status === 404) return null;
      if (!res.ok) throw await failure(`HEAD ${key}`, res);
      return {
        size: Number(res.headers.get('content-length') ?? 0),
        modifiedAt: new Date(res.headers.get('last-modified') ?? 0),
        async stream(range) {
          const found = await get(options.prefix + key, range);
          if (!found?.body) throw new Error(`S3 GET ${key}: gone while being served`);
          return Readable.fromWeb(found.body as NodeReadableStream<Uint8Array>);
        },
      };
    },
    async delete(key) {
      const copies = copiesOf(key);
      if (copies === null) return;
      await remove(options.prefix + key);
      for await (const copy of listRaw(options.prefix + copies)) await remove(copy.key);
    },
    async *list(prefix) {
      const folder = prefix.replace(/\/+$/, '');
      if (folder !== '' && !isValidKey(folder)) throw new Error(`invalid storage prefix: ${prefix}`);
      for await (const object of listRaw(options.prefix + (folder === '' ? '' : `${folder}/`))) {
        const key = object.key.slice(options.prefix.length);
        // copies (under .cache/) and anything written by other tools are not stored objects
        if (isValidKey(key)) yield { key, modifiedAt: object.modifiedAt } satisfies StoredObject;
      }
    },
    async readCopy(key, name) {
      const copy = copiesOf(key, name);
      const res = copy ? await get(options.prefix + copy) : null;
      return res ? Buffer.from(await res.arrayBuffer()) : null;
    },
    async putCopy(key, name, body) {
      const copy = copiesOf(key, name);
      if (!copy || name === '') throw new Error(`invalid copy ${name} of ${key}`);
      await write(options.prefix + copy, body, contentTypeOf(name));
    },
  };
}
