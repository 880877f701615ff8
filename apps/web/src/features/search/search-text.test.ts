import { describe, expect, it } from 'vitest';
import { searchAddress, searchText } from './search-text';

describe('search text', () => {
  it('trims and drops control characters, refusing blank or too long text', () => {
    expect(searchText('  星空 ')).toBe('星空');
    expect(searchText('moon\u0007light')).toBe('moon light');
    expect(searchText('   ')).toBeNull();
    expect(searchText(null)).toBeNull();
    expect(searchText('x'.repeat(51))).toBeNull();
    expect(searchText('x'.repeat(50))).toBe('x'.repeat(50));
  });

  it('makes the results address, cutting long text to the limit', () => {
    expect(searchAddress(' 星空 ')).toBe(`/search?q=${encodeURIComponent('星空')}`);
    expect(searchAddress('luna', 'agents')).toBe('/search?q=luna&type=agents');
    expect(searchAddress('luna', 'works')).toBe('/search?q=luna');
    expect(searchAddress('')).toBeNull();
    expect(searchAddress('y'.repeat(80))).toBe(`/search?q=${'y'.repeat(50)}`);
  });
});
