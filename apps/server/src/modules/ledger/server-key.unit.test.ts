import { IdempotencyKey } from '@starlit/contract';
import { describe, expect, it } from 'vitest';
import { serverKey } from './ledger.service.ts';

describe('server-made idempotency keys', () => {
  it('are keys no client can send', () => {
    for (const key of [serverKey('recharge', '0b7c8a52-4d0e-4f5e-9a53-1f0c2d3e4f50'), serverKey('checkin', '2026-11-24'), serverKey('redeem', 'a'.repeat(64))]) {
      expect(IdempotencyKey.safeParse(key).success).toBe(false);
      // the same text with the client's separator would be a valid client key
      expect(IdempotencyKey.safeParse(key.replace(':', '-').slice(0, 64)).success).toBe(true);
    }
  });
});
