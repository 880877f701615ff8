import { z } from 'zod';
import { defineCall } from '../call.ts';

/** The currencies a redeem code can credit: the ones people hold. */
export const RedeemCurrency = z.enum(['JE', 'CAC', 'CWA', 'MSS']);

/** Bounds of a batch of codes an admin creates (docs/economy.md, Redeem codes). */
export const REDEEM_LIMITS = {
  codesPerBatch: 500,
  maxValue: 1_000_000,
  maxUsesPerCode: 100_000,
  /** A code is 16 characters of an alphabet without look-alikes (80 random bits), shown in groups of four. */
  codeLength: 16,
  /** Attempts a person may make in a window, so codes cannot be guessed by trying. */
  attemptsPerWindow: 10,
  attemptWindowMs: 10 * 60 * 1000,
} as const;

export const redeemCalls = {
  createBatch: defineCall({
    path: '/api/v1/redeem/create_batch',
    summary: 'Admins: a batch of random redeem codes, each crediting `value` of `currency`; the codes are shown only in this answer',
    tag: 'redeem',
    access: 'admin',
    input: z.object({
      currency: RedeemCurrency,
      value: z.number().int().min(1).max(REDEEM_LIMITS.maxValue),
      count: z.number().int().min(1).max(REDEEM_LIMITS.codesPerBatch),
      usesPerCode: z.number().int().min(1).max(REDEEM_LIMITS.maxUsesPerCode),
      expiresAt: z.iso.datetime({ offset: true }),
    }),
    output: z.object({
      batchId: z.string().uuid(),
      currency: RedeemCurrency,
      value: z.number().int(),
      usesPerCode: z.number().int(),
      expiresAt: z.string(),
      codes: z.array(z.string()),
    }),
  }),
  redeem: defineCall({
    path: '/api/v1/redeem/redeem',
    summary: 'Redeem a code: its value is credited to you once; spaces, dashes and case do not matter',
    tag: 'redeem',
    access: 'user',
    // an empty code is answered by the service with its own text (8101), not a validation failure
    input: z.object({ code: z.string().max(64) }),
    output: z.object({ currency: RedeemCurrency, amount: z.number().int() }),
  }),
};
