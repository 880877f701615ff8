import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './origin.ts';

describe('return addresses after sign-in', () => {
  const origin = 'http://localhost:8080';
  it('keeps same-origin addresses as path, query and hash', () => {
    expect(safeReturnTo('http://localhost:8080/#/agent?x=1', origin)).toBe('/#/agent?x=1');
    expect(safeReturnTo('/#/hotlist', origin)).toBe('/#/hotlist');
  });

  it('sends anything that would leave the site home', () => {
    for (const raw of ['https://evil.example/#/', '//evil.example/x', 'http://localhost:8080//evil.example/x', 'javascript:alert(1)', undefined]) {
      expect(safeReturnTo(raw, origin)).toBe('/');
    }
  });
});
