import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = Date.parse('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('answers null under a minute', () => {
    expect(relativeTime(ago(20), now, 'en_US')).toBeNull();
  });

  it('uses the largest whole unit, in the language', () => {
    expect(relativeTime(ago(5 * 60), now, 'en_US')).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600 + 100), now, 'en_US')).toBe('3 hours ago');
    expect(relativeTime(ago(86_400), now, 'en_US')).toBe('yesterday');
    expect(relativeTime(ago(5 * 60), now, 'zh_TW')).toBe('5 分鐘前');
  });
});
