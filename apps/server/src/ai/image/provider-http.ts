import { retryAfterMs, withRetries } from '../retry.ts';
import { ImageProviderError } from './image-model.ts';
import { fitToSize } from './ratio.ts';

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

/** How long one provider call may take before it is abandoned; drawing can take a minute on a small GPU. */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 180_000;

/** The caller's signal joined with a timeout, so a provider that never answers fails the job. */
function deadline(timeoutMs: number, signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** A timeout becomes an ImageProviderError; the caller's own abort stays what it is. */
function timedOut(err: unknown, timeoutMs: number, signal?: AbortSignal): unknown {
  if (err instanceof Error && err.name === 'TimeoutError' && !signal?.aborted) return new ImageProviderError(`image provider did not answer within ${timeoutMs} ms`);
  return err;
}

/**
 * POSTs JSON, or multipart form data when given a FormData, to an image provider and
 * answers the parsed JSON body. A 429 is waited out (Retry-After) a couple of times; other
 * failures, unreadable answers and timeouts throw {@link ImageProviderError} with a reason fit for a log.
 */
export async function postJson(url: string, body: unknown, headers: Record<string, string>, signal?: AbortSignal, timeoutMs = DEFAULT_PROVIDER_TIMEOUT_MS): Promise<unknown> {
  const limit = deadline(timeoutMs, signal);
  // fetch sets the multipart boundary itself for FormData
  const payload = body instanceof FormData ? { body, headers } : { body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } };
  const text = await withRetries(
    async () => {
      const res = await fetch(url, { method: 'POST', ...payload, signal: limit });
      const answer = await res.text();
      const failure = `image provider answered HTTP ${res.status}: ${answer.slice(0, 200)}`;
      if (res.status === 429) throw new RateLimited(failure, retryAfterMs(res.headers.get('retry-after')) ?? RATE_LIMIT_WAIT_MS);
      if (!res.ok) throw new ImageProviderError(failure);
      return answer;
    },
    { retries: RATE_LIMIT_RETRIES, signal: limit, retryDelay: (err) => (err instanceof RateLimited ? err.waitMs : null) },
  ).catch((err: unknown) => {
    throw timedOut(err, timeoutMs, signal);
  });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ImageProviderError('image provider answered with malformed JSON');
  }
}

/** Downloads a picture a provider answered with as a URL (OpenAI's `url` response format). */
export async function downloadImage(url: unknown, signal?: AbortSignal, timeoutMs = DEFAULT_PROVIDER_TIMEOUT_MS): Promise<Buffer> {
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new ImageProviderError('image provider answered without image data');
  try {
    const res = await fetch(url, { signal: deadline(timeoutMs, signal) });
    if (!res.ok) throw new ImageProviderError(`image download answered HTTP ${res.status}`);
    const image = Buffer.from(await res.arrayBuffer());
    if (image.length === 0) throw new ImageProviderError('image provider answered without image data');
    return image;
  } catch (err) {
    throw timedOut(err, timeoutMs, signal);
  }
}

/** Decodes base64 image data from a provider, refusing empty or non-text values. */
export function decodeImage(value: unknown): Buffer {
  if (typeof value !== 'string' || value.length === 0) throw new ImageProviderError('image provider answered without image data');
  const image = Buffer.from(value.replace(/^data:[^,]*,/, ''), 'base64');
  if (image.length === 0) throw new ImageProviderError('image provider answered without image data');
  return image;
}

/** A provider's picture brought to the exact size asked for; bytes that are no picture are the provider's failure. */
export async function fitAnswer(image: Buffer, width: number, height: number): Promise<Buffer> {
  try {
    return await fitToSize(image, width, height);
  } catch {
    throw new ImageProviderError('image provider answered with data that is not a picture');
  }
}
