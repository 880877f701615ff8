import { describe, expect, it } from 'vitest';
import { compactCount, followLabel } from './follow-state';

describe('followLabel', () => {
  it('offers to follow someone not followed, whether pointed at or not', () => {
    expect(followLabel(false, false)).toBe('follow');
    expect(followLabel(false, true)).toBe('follow');
  });

  it('says following, and offers to unfollow while pointed at', () => {
    expect(followLabel(true, false)).toBe('following');
    expect(followLabel(true, true)).toBe('unfollow');
  });
});

describe('compactCount', () => {
  it('keeps small counts whole and shortens large ones per language', () => {
    expect(compactCount(12, 'en_US')).toBe('12');
    expect(compactCount(1234, 'en_US')).toBe('1.2K');
    expect(compactCount(12345, 'zh_TW')).toBe('1.2萬');
  });
});
