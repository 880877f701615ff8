import { readFileSync } from 'node:fs';
import { gridColumns } from '@starlit/contract/rules';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../styles.css', import.meta.url), 'utf8');

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

describe('card grid columns (SPEC §9)', () => {
  it('follows gridColumns at every breakpoint edge', () => {
    for (const width of [390, 640, 641, 768, 769, 1024, 1025, 1280, 1281, 1920]) {
      expect(cssColumns(width), `${width}px`).toBe(gridColumns(width));
    }
  });
});
