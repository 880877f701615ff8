import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './pagination.ts';
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

describe('cursors', () => {
  it('round-trip a time and an id', () => {
    const at = new Date('2026-11-20T12:00:00.123Z');
    const id = '0b6c8a52-58a6-4d0c-9a55-0cde7e2b3f10';
    expect(decodeCursor(encodeCursor(at, id))).toEqual({ at, id });
  });

  it('refuse a crafted cursor whose id is not a uuid', () => {
    const crafted = Buffer.from('2020-01-01T00:00:00Z|x').toString('base64url');
    expect(() => decodeCursor(crafted)).toThrow();
    expect(() => decodeCursor('garbage')).toThrow();
  });
});
