/** The longest a provider may make us wait between tries; a longer Retry-After is cut to this. */
export const MAX_RETRY_WAIT_MS = 10_000;

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), capped; null when absent or unreadable. */
export function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.min(Math.max(0, seconds * 1000), MAX_RETRY_WAIT_MS);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.min(Math.max(0, at - Date.now()), MAX_RETRY_WAIT_MS);
}

/** Waits `ms`; an abort rejects at once with the signal's reason so a stopped request does not sit out the wait. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface RetryOptions {
  /** Tries after the first one. */
  retries: number;
  signal?: AbortSignal;
  /** How long to wait before the next try after `err` on try `attempt` (0-based); null when `err` is not worth another try. */
  retryDelay: (err: unknown, attempt: number) => number | null;
  /** The error to throw when the tries run out; the last error itself when absent. */
  giveUp?: (err: unknown, tries: number) => unknown;
}

/** Runs `run` until it succeeds, the error is not retryable, or the tries run out; waits are capped at {@link MAX_RETRY_WAIT_MS}. */
export async function withRetries<T>(run: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    options.signal?.throwIfAborted();
    try {
      return await run(attempt);
    } catch (err) {
      const delay = options.retryDelay(err, attempt);
      if (delay === null) throw err;
      if (attempt >= options.retries) throw options.giveUp ? options.giveUp(err, attempt + 1) : err;
      await sleep(Math.min(delay, MAX_RETRY_WAIT_MS), options.signal);
    }
  }
}
