import { describe, expect, it, vi } from 'vitest';
import { MAX_RETRY_WAIT_MS, retryAfterMs, sleep, withRetries } from './retry.ts';

describe('retryAfterMs', () => {
  it('reads seconds', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('0')).toBe(0);
    expect(retryAfterMs('-3')).toBe(0);
  });

  it('reads an HTTP date', () => {
    const wait = retryAfterMs(new Date(Date.now() + 5000).toUTCString());
    // the header has whole seconds, so up to a second of the wait is lost
    expect(wait).toBeGreaterThan(3900);
    expect(wait).toBeLessThanOrEqual(5000);
    expect(retryAfterMs(new Date(Date.now() - 60_000).toUTCString())).toBe(0);
  });

  it('answers null for a missing or unreadable header', () => {
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('')).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
  });

  it('caps long waits', () => {
    expect(retryAfterMs('3600')).toBe(MAX_RETRY_WAIT_MS);
    expect(retryAfterMs(new Date(Date.now() + 3_600_000).toUTCString())).toBe(MAX_RETRY_WAIT_MS);
  });
});

class Busy extends Error {}

describe('withRetries', () => {
  it('tries once more per retry, then gives up with the last error', async () => {
    const attempts: number[] = [];
    const run = async (attempt: number) => {
      attempts.push(attempt);
      throw new Busy(`busy ${attempt}`);
    };
    const giveUp = (err: unknown, tries: number) => new Error(`${(err as Error).message}; gave up after ${tries} tries`);
    await expect(withRetries(run, { retries: 2, retryDelay: () => 1, giveUp })).rejects.toThrow('busy 2; gave up after 3 tries');
    expect(attempts).toEqual([0, 1, 2]);
  });

  it('answers the first success', async () => {
    let calls = 0;
    const value = await withRetries(
      async () => {
        calls++;
        if (calls < 2) throw new Busy('busy');
        return 'ok';
      },
      { retries: 3, retryDelay: () => 1 },
    );
    expect(value).toBe('ok');
    expect(calls).toBe(2);
  });

  it('rethrows at once when the delay is null', async () => {
    let calls = 0;
    const refused = new Error('refused');
    const run = async () => {
      calls++;
      throw refused;
    };
    await expect(withRetries(run, { retries: 3, retryDelay: (err) => (err instanceof Busy ? 1 : null), giveUp: () => new Error('gave up') })).rejects.toBe(refused);
    expect(calls).toBe(1);
  });

  it('passes the attempt to retryDelay and caps the wait', async () => {
    vi.useFakeTimers();
    try {
      const asked: number[] = [];
      let done = false;
      const run = withRetries(
        async (attempt) => {
          if (attempt === 0) throw new Busy('busy');
          return 'ok';
        },
        {
          retries: 1,
          retryDelay: (_err, attempt) => {
            asked.push(attempt);
            return 3_600_000;
          },
        },
      ).then((value) => {
        done = true;
        return value;
      });
      await vi.advanceTimersByTimeAsync(MAX_RETRY_WAIT_MS - 1);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
      await expect(run).resolves.toBe('ok');
      expect(asked).toEqual([0]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects at once when aborted during the wait', async () => {
    const controller = new AbortController();
    let calls = 0;
    const started = Date.now();
    const run = withRetries(
      async () => {
        calls++;
        throw new Busy('busy');
      },
      { retries: 3, signal: controller.signal, retryDelay: () => 5000 },
    );
    setTimeout(() => controller.abort(new Error('stopped')), 20);
    await expect(run).rejects.toThrow('stopped');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(calls).toBe(1);
  });
});

describe('sleep', () => {
  it('waits, and rejects at once on an aborted signal', async () => {
    const started = Date.now();
    await sleep(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    const reason = new Error('stopped');
    await expect(sleep(5000, AbortSignal.abort(reason))).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
