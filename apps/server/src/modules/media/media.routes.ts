import { ErrorCode } from '@starlit/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { contentTypeOf, type OpenedObject, type Storage } from '../../platform/storage.ts';
import { parseImageProcess } from './image-process.ts';
import { imageResizer, resizableFormat } from './resize.ts';

// Stored files never change under a key in place for long (uploads get fresh keys); a day
// of caching with revalidation by ETag keeps pages fast without pinning stale copies.
const CACHE_CONTROL = 'public, max-age=86400';

// Files come from users: never let the browser guess a type or run an uploaded SVG's script.
const SAFETY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

function entityTag(found: OpenedObject, variant: string): string {
  return `W/"${found.size.toString(16)}-${found.modifiedAt.getTime().toString(16)}${variant}"`;
}

/** Whether the client's cached copy is still good (RFC 9110 §13.1.2 and §13.1.3). */
function isFresh(req: FastifyRequest, etag: string, modified: Date): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
  }
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

/** The single byte range asked for, 'unsatisfiable', or null to send the whole file. */
function requestedRange(req: FastifyRequest, size: number, etag: string): { start: number; end: number } | 'unsatisfiable' | null {
  const header = req.headers.range;
  const ifRange = req.headers['if-range'];
  if (!header || (ifRange && ifRange !== etag)) return null;
  // several ranges would need a multipart answer; sending the whole file is also correct
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}

async function sendOriginal(req: FastifyRequest, reply: FastifyReply, key: string, found: OpenedObject) {
  const etag = entityTag(found, '');
  reply.headers({ ...SAFETY_HEADERS, etag, 'last-modified': found.modifiedAt.toUTCString(), 'cache-control': CACHE_CONTROL, 'accept-ranges': 'bytes' });
  if (isFresh(req, etag, found.modifiedAt)) return reply.code(304).send();
  reply.type(contentTypeOf(key));
  const size = found.size;
  const range = requestedRange(req, size, etag);
  if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send();
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(await found.stream(range));
  }
  return reply.header('content-length', size).send(await found.stream());
}

/**
 * GET /media/<key>: stored files, read from the storage (so a private bucket works), with
 * `?image_process=resize,w_N` (SPEC §7) answering a resized copy kept as the file's copy.
 */
export function mediaRoutes(app: FastifyInstance, deps: { storage: Storage }) {
  const resized = imageResizer(deps.storage);
  app.get<{ Params: { '*': string }; Querystring: { image_process?: string | string[] } }>('/media/*', async (req, reply) => {
    const width = parseImageProcess(req.query.image_process);
    const key = req.params['*'];
    const found = await deps.storage.open(key);
    if (!found) throw new AppError(ErrorCode.NOT_FOUND, 404);
    const format = resizableFormat(key);
    if (width === null || format === null) return sendOriginal(req, reply, key, found);

    const etag = entityTag(found, `-w${width}`);
    reply.headers({ ...SAFETY_HEADERS, etag, 'last-modified': found.modifiedAt.toUTCString(), 'cache-control': CACHE_CONTROL });
    if (isFresh(req, etag, found.modifiedAt)) return reply.code(304).send();
    let body: Buffer;
    try {
      body = await resized(key, found, width, format);
    } catch (err) {
      // a damaged or oversized image is still worth showing at its own size
      req.log.warn({ err, key }, 'resize failed; serving the original');
      return sendOriginal(req, reply, key, found);
    }
    return reply.type(contentTypeOf(key)).send(body);
  });
}
