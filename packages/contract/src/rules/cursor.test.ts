import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnyCursor, Cursor, decodeCursor, decodeScoreCursor, encodeCursor, encodeScoreCursor, ScoreCursor } from './cursor.ts';

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const id = '0b6c8a52-58a6-4d0c-9a55-0cde7e2b3f10';

describe('list cursors', () => {
  it('round-trip every time of years 1 to 9999 and every id, as the server always wrote them', () => {
    const times = fc.date({ min: new Date('0001-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true });
    fc.assert(
      fc.property(times, fc.uuid(), (at, uuid) => {
        const cursor = encodeCursor(at, uuid);
        // cursors handed out before this encoder keep working
        expect(cursor).toBe(b64(`${at.toISOString()}|${uuid}`));
        expect(decodeCursor(cursor)).toEqual({ at, id: uuid });
      }),
    );
  });

  it('round-trip ranked positions (most liked, highest ranked), and refuse other spellings of a rank', () => {
    const at = new Date('2026-05-01T10:00:00.000Z');
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })), (rank) => {
        expect(decodeCursor(encodeCursor(at, id, rank))).toEqual({ at, id, rank: Object.is(rank, -0) ? 0 : rank });
      }),
    );
    for (const rank of ['1e0', '01', '+1', 'NaN', 'Infinity', '', ' 1']) expect(decodeCursor(b64(`${rank}|${at.toISOString()}|${id}`)), rank).toBeNull();
  });

  it('refuses whatever the server never writes', () => {
    const crafted = [
      b64(`+275760-09-13T00:00:00.000Z|${id}`),
      b64(`-000001-01-01T00:00:00.000Z|${id}`),
      b64(`0000-01-01T00:00:00.000Z|${id}`),
      b64(`2026-02-31T00:00:00.000Z|${id}`),
      b64(`2026-01-01T24:00:00.000Z|${id}`),
      b64(`2026-01-01T00:00:00Z|${id}`),
      b64(`2026-01-01|${id}`),
      b64(`99999999999999999999|${id}`),
      b64(`2026-01-01T00:00:00.000Z|${id.toUpperCase()}`),
      b64(`2026-01-01T00:00:00.000Z|${id}|more`),
      b64('2020-01-01T00:00:00.000Z|x'),
      `${b64(`2026-01-01T00:00:00.000Z|${id}`)}==`,
      `${b64(`2026-01-01T00:00:00.000Z|${id}`)}A`,
      '!!!!',
      'garbage',
      '',
      'A',
      '9'.repeat(200),
    ];
    for (const cursor of crafted) {
      expect(decodeCursor(cursor), cursor).toBeNull();
      expect(Cursor.safeParse(cursor).success, cursor).toBe(false);
    }
  });
});

describe('scored cursors', () => {
  it('round-trip every finite score (a rank, a float4 match score), time and id', () => {
    const times = fc.date({ min: new Date('0001-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true });
    const scores = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.float({ noNaN: true, noDefaultInfinity: true }).map(Math.fround));
    fc.assert(
      fc.property(scores, times, fc.uuid(), (score, at, uuid) => {
        const cursor = encodeScoreCursor(score, at, uuid);
        expect(decodeScoreCursor(cursor)).toEqual({ score: score === 0 ? 0 : score, at, id: uuid });
        expect(ScoreCursor.safeParse(cursor).success).toBe(true);
        expect(AnyCursor.safeParse(cursor).success).toBe(true);
      }),
    );
  });

  it('tells the two kinds apart and refuses crafted ones', () => {
    const at = new Date('2026-01-01T00:00:00.000Z');
    expect(decodeScoreCursor(encodeCursor(at, id))).toBeNull();
    expect(decodeCursor(encodeScoreCursor(1.5, at, id))).toBeNull();
    expect(AnyCursor.safeParse(encodeCursor(at, id)).success).toBe(true);
    for (const text of [
      `~1.50|${at.toISOString()}|${id}`,
      `~NaN|${at.toISOString()}|${id}`,
      `~Infinity|${at.toISOString()}|${id}`,
      `~1|2026-02-31T00:00:00.000Z|${id}`,
      `~1|${at.toISOString()}|x`,
      `1|${at.toISOString()}|${id}`,
    ]) {
      expect(decodeScoreCursor(b64(text)), text).toBeNull();
    }
  });
});
