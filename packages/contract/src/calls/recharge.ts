import { z } from 'zod';
import { defineCall, EmptyInput } from '../call.ts';
import { IdempotencyKey } from './ledger.ts';

/** The version of the recharge agreement (its four chapters); an order records the one agreed to. */
export const RECHARGE_AGREEMENT_VERSION = '2026-11-24';

export const RechargePackage = z.object({
  packageId: z.string(),
  diamonds: z.number().int(),
  bonus: z.number().int(),
  /** In the smallest unit of `currency` (cents). */
  priceMinor: z.number().int(),
  currency: z.string(),
});

/** Who takes the money: Stripe, or the offline demo provider where no money moves. */
export const PaymentProviderName = z.enum(['demo', 'stripe']);

export const RechargeOffer = z.object({
  packages: z.array(RechargePackage),
  provider: PaymentProviderName,
  agreementVersion: z.string(),
});

export const RechargeOrderStatus = z.enum(['pending', 'paid', 'failed']);

export const RechargeOrder = z.object({
  orderId: z.string(),
  status: RechargeOrderStatus,
  packageId: z.string(),
  diamonds: z.number().int(),
  bonus: z.number().int(),
  priceMinor: z.number().int(),
  currency: z.string(),
  provider: PaymentProviderName,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});

export const RechargeCreateInput = z.object({
  packageId: z.string().min(1).max(40),
  /** The buyer agreed to this version of the agreement (SPEC §2: agreed to first). */
  agreementVersion: z.string().max(40),
  /** The buyer says they are an adult; a birthday on the profile under 18 refuses anyway. */
  adult: z.boolean(),
  /** One per purchase: the same key again answers the same order (a double click pays once). */
  requestKey: IdempotencyKey,
});

export const rechargeCalls = {
  offer: defineCall({
    path: '/api/v1/recharge/packages',
    summary: 'Diamond packages on sale, who takes the payment, and the agreement version',
    tag: 'recharge',
    access: 'public',
    input: EmptyInput,
    output: RechargeOffer,
  }),
  create: defineCall({
    path: '/api/v1/recharge/create',
    summary: 'Start a recharge: an order and where to pay it (the demo provider pays at once)',
    tag: 'recharge',
    access: 'user',
    input: RechargeCreateInput,
    output: z.object({ order: RechargeOrder, checkoutUrl: z.string().nullable() }),
  }),
  order: defineCall({
    path: '/api/v1/recharge/order',
    summary: 'One of your recharge orders; asks the provider when it is still pending',
    tag: 'recharge',
    access: 'user',
    input: z.object({ orderId: z.string().uuid() }),
    output: RechargeOrder,
  }),
};
