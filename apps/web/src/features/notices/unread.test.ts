import { describe, expect, it } from 'vitest';
import { badgeText, unreadNumber } from './unread';

describe('unread badge', () => {
  it('reads the string counts of SPEC §3', () => {
    expect(unreadNumber('3')).toBe(3);
    expect(unreadNumber(undefined)).toBe(0);
    expect(unreadNumber('oops')).toBe(0);
    expect(unreadNumber('-2')).toBe(0);
  });

  it('hides at 0 and caps at 99+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
