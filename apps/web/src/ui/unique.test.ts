import { describe, expect, it } from 'vitest';
import { uniqueBy } from './unique';

describe('uniqueBy', () => {
  it('keeps the first of each key in order', () => {
    const items = [
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
      { id: 'a', n: 3 },
      { id: 'c', n: 4 },
      { id: 'b', n: 5 },
    ];
    expect(uniqueBy(items, (i) => i.id)).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
      { id: 'c', n: 4 },
    ]);
  });

  it('answers an empty list for an empty list', () => {
    expect(uniqueBy([], String)).toEqual([]);
  });
});
