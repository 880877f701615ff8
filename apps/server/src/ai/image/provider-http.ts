import { setTimeout as sleep } from 'node:timers/promises';
import { ImageProviderError } from './image-model.ts';

/** How often a 429 is waited out before giving up (the job queue retries later anyway). */
const RATE_LIMIT_RETRIES = 2;
const MAX_RETRY_AFTER_MS = 10_000;

function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS) : 1000;
}

/**
 * POSTs JSON to an image provider and answers the parsed JSON body. A 429 is waited out
 * (Retry-After) a couple of times; other failures and unreadable answers throw
 * {@link ImageProviderError} with a reason fit for a log.
 */
export async function postJson(url: string, body: unknown, headers: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal,
    });
    if (res.status === 429 && attempt < RATE_LIMIT_RETRIES) {
      await res.body?.cancel();
      await sleep(retryAfterMs(res.headers.get('retry-after')), undefined, { signal });
      continue;
    }
    const text = await res.text();
    if (!res.ok) throw new ImageProviderError(`image provider answered HTTP ${res.status}: ${text.slice(0, 200)}`);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ImageProviderError('image provider answered with malformed JSON');
    }
  }
}

/** Decodes base64 image data from a provider, refusing empty or non-text values. */
export function decodeImage(value: unknown): Buffer {
  if (typeof value !== 'string' || value.length === 0) throw new ImageProviderError('image provider answered without image data');
  const image = Buffer.from(value.replace(/^data:[^,]*,/, ''), 'base64');
  if (image.length === 0) throw new ImageProviderError('image provider answered without image data');
  return image;
}
