import { describe, expect, it } from 'vitest';
import { applyTheme } from './theme';

describe('theme (SPEC §3, §4)', () => {
  it('is light on <html> when nothing else is set', () => {
    const html = { dataset: {} as DOMStringMap };
    applyTheme(undefined, html);
    expect(html.dataset.theme).toBe('light');
  });

  it('applies the theme the native app pushes', () => {
    const html = { dataset: {} as DOMStringMap };
    applyTheme('dark', html);
    expect(html.dataset.theme).toBe('dark');
  });
});
