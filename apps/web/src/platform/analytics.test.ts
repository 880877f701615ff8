import { describe, expect, it } from 'vitest';
import { shouldReport } from './analytics';

describe('analytics gate (SPEC §7)', () => {
  it('reports only from the production host and only with a report host', () => {
    expect(shouldReport('https://report.example', 'starlit.example', 'starlit.example')).toBe(true);
    expect(shouldReport('https://report.example', 'starlit.example', 'localhost:8080')).toBe(false);
    expect(shouldReport('', 'starlit.example', 'starlit.example')).toBe(false);
    expect(shouldReport('https://report.example', '', '')).toBe(false);
  });
});
