import { z } from 'zod';
import { defineCall, EmptyInput } from '../call.ts';
import { IdempotencyKey } from './ledger.ts';

/** What diamonds can be exchanged for: creation counts (EXCHANGE_DIAMOND_CAC) and compute power (EXCHANGE_DIAMOND_CWA). */
export const ExchangeTarget = z.enum(['CAC', 'CWA']);

/** Units of the target one diamond buys, unless an admin has set another rate (docs/economy.md, Exchange). */
export const DEFAULT_EXCHANGE_RATES = { CAC: 1, CWA: 10 } as const;

export const EXCHANGE_LIMITS = { maxDiamonds: 1_000_000, maxRate: 10_000 } as const;

const Rates = z.object({ CAC: z.number().int(), CWA: z.number().int() });

export const exchangeCalls = {
  rates: defineCall({
    path: '/api/v1/exchange/rates',
    summary: 'How many creation counts and compute power units one diamond buys',
    tag: 'exchange',
    access: 'user',
    input: EmptyInput,
    output: Rates,
  }),
  setRate: defineCall({
    path: '/api/v1/exchange/set_rate',
    summary: 'Admins: set how many units of a target one diamond buys',
    tag: 'exchange',
    access: 'admin',
    input: z.object({ target: ExchangeTarget, perDiamond: z.number().int().min(1).max(EXCHANGE_LIMITS.maxRate) }),
    output: Rates,
  }),
  exchange: defineCall({
    path: '/api/v1/exchange/diamonds',
    summary:
      'Exchange diamonds for creation counts or compute power under an idempotency key; "Insufficient Diamond" (8002) when short; 8151 when the rate differs from `perDiamond` the client showed',
    tag: 'exchange',
    access: 'user',
    input: z.object({
      target: ExchangeTarget,
      diamonds: z.number().int().min(1).max(EXCHANGE_LIMITS.maxDiamonds),
      perDiamond: z.number().int().min(1).optional(),
      key: IdempotencyKey,
    }),
    output: z.object({ target: ExchangeTarget, diamonds: z.number().int(), received: z.number().int(), perDiamond: z.number().int(), replayed: z.boolean() }),
  }),
};
