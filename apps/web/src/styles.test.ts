import { readFileSync } from 'node:fs';
import { gridColumns, THEME_COLOURS } from '@starlit/contract/rules';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

/** The columns `.card-grid` gets at a viewport width, read from the media queries of styles.css. */
function cssColumns(width: number): number {
  let columns = 0;
  const rule = /(?:@media \(max-width: (\d+)px\) \{\s*)?\.card-grid \{[^}]*grid-template-columns: repeat\((\d+)/g;
  for (const match of css.matchAll(rule)) {
    const max = match[1] ? Number(match[1]) : Infinity;
    if (width <= max) columns = Number(match[2]);
  }
  return columns;
}

/** The value of a custom property declared in styles.css, lower-cased (hex colours are case-insensitive). */
function cssVariable(name: string): string | undefined {
  return new RegExp(`${name}:\\s*([^;]+);`).exec(css)?.[1].trim().toLowerCase();
}

describe('card grid columns (SPEC §9)', () => {
  it('follows gridColumns at every breakpoint edge', () => {
    for (const width of [390, 640, 641, 768, 769, 1024, 1025, 1280, 1281, 1920]) {
      expect(cssColumns(width), `${width}px`).toBe(gridColumns(width));
    }
  });
});

describe('theme colours (SPEC §9)', () => {
  it('gives the brand variables the colours of THEME_COLOURS', () => {
    const primary = THEME_COLOURS.primary.toLowerCase();
    const baseBackground = THEME_COLOURS.baseBackground.toLowerCase();
    expect(cssVariable('--color-primary')).toBe(primary);
    expect(cssVariable('--color-base-background')).toBe(baseBackground);
    expect(cssVariable('--color-on-brand')).toBe(THEME_COLOURS.text.toLowerCase());
    // the header and buttons use the scale's steps, which must stay the spec colours too
    expect(cssVariable('--color-brand-700')).toBe(primary);
    expect(cssVariable('--color-brand-900')).toBe(baseBackground);
  });
});
