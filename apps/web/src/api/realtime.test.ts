import { describe, expect, it } from 'vitest';
import { backoffDelay } from './realtime';

describe('realtime reconnection', () => {
  it('backs off from 1 s doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
