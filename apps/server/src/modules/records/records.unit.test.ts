import { describe, expect, it } from 'vitest';
import { csvCell } from './records.service.ts';

describe('a CSV cell', () => {
  it('stays plain when nothing in it needs quoting', () => {
    expect(csvCell('Store: Starry dress')).toBe('Store: Starry dress');
    expect(csvCell('商城：星空洋裝')).toBe('商城：星空洋裝');
    expect(csvCell(-20)).toBe('-20');
  });

  it('is quoted, quotes doubled, when it holds a quote, a comma or a line break', () => {
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
  });

  it('never starts a text with what a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+cmd')).toBe("'+cmd");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('=HYPERLINK("x", "y")')).toBe(`"'=HYPERLINK(""x"", ""y"")"`);
  });
});
