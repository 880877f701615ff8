import { describe, expect, it } from 'vitest';
import { readEnvelope } from './envelope';

describe('readEnvelope', () => {
  it('reads code, data and message, defaulting what is missing', () => {
    expect(readEnvelope({ code: 0, data: { a: 1 }, message: 'ok' })).toEqual({ code: 0, data: { a: 1 }, message: 'ok' });
    expect(readEnvelope({ code: 7004 })).toEqual({ code: 7004, data: null, message: '' });
    expect(readEnvelope({ code: 1, message: 3 })).toEqual({ code: 1, data: null, message: '' });
  });

  it('answers null for anything without a numeric code', () => {
    for (const body of [null, 'text', 3, [], {}, { code: '0' }]) expect(readEnvelope(body)).toBeNull();
  });
});
