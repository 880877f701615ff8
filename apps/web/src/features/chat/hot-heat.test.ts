import { describe, expect, it } from 'vitest';
import { formatHeat } from './hot-list-page';

describe('heat on the hot list', () => {
  it('is shown as a whole number, short when large, never with decay fractions', () => {
    expect(formatHeat(11.9, 'en_US')).toBe('12');
    expect(formatHeat(0.2, 'en_US')).toBe('1');
    expect(formatHeat(0, 'en_US')).toBe('0');
    expect(formatHeat(12_345.6, 'en_US')).toBe('12.3K');
    expect(formatHeat(12_345.6, 'zh_TW')).toBe('1.2萬');
  });
});
