import { describe, expect, it } from 'vitest';
import { dateTimeText } from './date-time';

describe('shown times', () => {
  it('are at UTC+8 and say so', () => {
    expect(dateTimeText('2026-01-31T16:05:00.000Z')).toBe('2026-02-01 00:05 UTC+8');
  });
});
