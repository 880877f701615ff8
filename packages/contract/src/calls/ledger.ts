import { z } from 'zod';
import { defineCall, EmptyInput } from '../call.ts';

/**
 * The currency codes of SPEC §3 (docs/economy.md): JE diamonds, CAC creation counts, CWA
 * compute power, MSS points, M money (minor units of the store's currency, system side only).
 */
export const Currency = z.enum(['JE', 'CAC', 'CWA', 'MSS', 'M']);

/** The currencies a person holds (SPEC §3 Asset balances, and points). */
export const HELD_CURRENCIES = ['JE', 'CAC', 'CWA', 'MSS'] as const;

/** A person's spendable balances: what they have minus what pending holds reserve. */
export const Balances = z.object({
  JE: z.number().int(),
  CAC: z.number().int(),
  CWA: z.number().int(),
  MSS: z.number().int(),
});

/**
 * An idempotency key as a client sends it with a spending call: the same key again answers the
 * first outcome and moves nothing (docs/economy.md). 8–64 characters of letters, digits, `-`, `_`.
 */
export const IdempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'ledger.keyInvalid' });

export const ledgerCalls = {
  balances: defineCall({
    path: '/api/v1/ledger/balances',
    summary: 'Your balances: diamonds, creation counts, compute power and points',
    tag: 'ledger',
    access: 'user',
    input: EmptyInput,
    output: Balances,
  }),
};
