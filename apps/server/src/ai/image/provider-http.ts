import { retryAfterMs, withRetries } from '../retry.ts';
import { ImageProviderError } from './image-model.ts';

/** How often a 429 is waited out before giving up (the job queue retries later anyway). */
const RATE_LIMIT_RETRIES = 2;
const RATE_LIMIT_WAIT_MS = 1000;

/** A 429: on the last try it is thrown as the failure it is. */
class RateLimited extends ImageProviderError {
  constructor(
    message: string,
    readonly waitMs: number,
  ) {
    super(message);
  }
}

/**
 * POSTs JSON to an image provider and answers the parsed JSON body. A 429 is waited out
 * (Retry-After) a couple of times; other failures and unreadable answers throw
 * {@link ImageProviderError} with a reason fit for a log.
 */
export async function postJson(url: string, body: unknown, headers: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
  const text = await withRetries(
    async () => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal,
      });
      const answer = await res.text();
      const failure = `image provider answered HTTP ${res.status}: ${answer.slice(0, 200)}`;
      if (res.status === 429) throw new RateLimited(failure, retryAfterMs(res.headers.get('retry-after')) ?? RATE_LIMIT_WAIT_MS);
      if (!res.ok) throw new ImageProviderError(failure);
      return answer;
    },
    { retries: RATE_LIMIT_RETRIES, signal, retryDelay: (err) => (err instanceof RateLimited ? err.waitMs : null) },
  );
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ImageProviderError('image provider answered with malformed JSON');
  }
}

/** Decodes base64 image data from a provider, refusing empty or non-text values. */
export function decodeImage(value: unknown): Buffer {
  if (typeof value !== 'string' || value.length === 0) throw new ImageProviderError('image provider answered without image data');
  const image = Buffer.from(value.replace(/^data:[^,]*,/, ''), 'base64');
  if (image.length === 0) throw new ImageProviderError('image provider answered without image data');
  return image;
}
