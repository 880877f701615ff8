import { describe, expect, it } from 'vitest';
import { allSelected, keepListed, toggle, toggleAll } from './selection';

describe('manage mode selection', () => {
  it('toggles one agent on and off', () => {
    const one = toggle(new Set(), 'a');
    expect([...one]).toEqual(['a']);
    expect([...toggle(one, 'a')]).toEqual([]);
  });

  it('selects all, and clears when all are already selected', () => {
    const all = toggleAll(new Set(['a']), ['a', 'b', 'c']);
    expect([...all]).toEqual(['a', 'b', 'c']);
    expect(allSelected(all, ['a', 'b', 'c'])).toBe(true);
    expect([...toggleAll(all, ['a', 'b', 'c'])]).toEqual([]);
  });

  it('is never "all selected" for an empty list', () => {
    expect(allSelected(new Set(), [])).toBe(false);
  });

  it('forgets agents that are no longer listed, keeping the same set when nothing changed', () => {
    const selection = new Set(['a', 'b']);
    expect([...keepListed(selection, ['b', 'c'])]).toEqual(['b']);
    expect(keepListed(selection, ['a', 'b', 'c'])).toBe(selection);
  });
});
