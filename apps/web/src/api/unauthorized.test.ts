import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUnauthorizedHandler } from './unauthorized';

describe('401 handling (SPEC §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('clears the session, goes home with noLogin and reloads once for a burst of 401s', () => {
    const calls: string[] = [];
    const handle = createUnauthorizedHandler({
      clearSession: () => calls.push('clear'),
      goHomeWithoutSignIn: () => calls.push('home'),
      reload: () => calls.push('reload'),
    });
    handle();
    vi.advanceTimersByTime(50);
    handle();
    handle();
    vi.advanceTimersByTime(99);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['clear', 'home', 'reload']);
    vi.advanceTimersByTime(1000);
    expect(calls).toHaveLength(3);
  });
});
