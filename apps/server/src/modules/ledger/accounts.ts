import type { z } from 'zod';
import type { Currency as CurrencySchema } from '@starlit/contract';

export type Currency = z.infer<typeof CurrencySchema>;

/**
 * The system's side of every movement (docs/economy.md). Each exists once per currency it is
 * used in, made on first use. Issuance accounts are where value enters (they run below zero);
 * revenue and fee accounts are where spent value goes. `payments` is where money paid through
 * the payment provider enters (M).
 */
export const SYSTEM_ACCOUNTS = ['payments', 'recharge_issuance', 'bonus', 'store_revenue', 'gift_revenue', 'generation_fees', 'refunds', 'author_earnings', 'exchange', 'adjustments'] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

/** One side of a movement: a person's account, or a system account, in the movement's currency. */
export type Party = { user: string } | { system: SystemAccount };

/** One movement of a request: `amount` from one party to another. */
export interface Leg {
  from: Party;
  to: Party;
  currency: Currency;
  amount: number;
  kind: string;
  memo?: Record<string, unknown>;
}
