import { describe, expect, it } from 'vitest';
import { compactCount, flipped } from './reaction-state';

describe('flipped', () => {
  it('turns a reaction on with one more, and off with one less', () => {
    expect(flipped({ on: false, count: 4 })).toEqual({ on: true, count: 5 });
    expect(flipped({ on: true, count: 5 })).toEqual({ on: false, count: 4 });
  });

  it('never shows a negative count when the cached one was behind', () => {
    expect(flipped({ on: true, count: 0 })).toEqual({ on: false, count: 0 });
  });
});

describe('compactCount', () => {
  it('writes large counts short in each language', () => {
    expect(compactCount(999, 'en-US')).toBe('999');
    expect(compactCount(1234, 'en-US')).toBe('1.2K');
    expect(compactCount(12_345, 'zh-TW')).toBe('1.2萬');
  });
});
