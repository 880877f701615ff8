import { z } from 'zod';
import { defineCall, EmptyInput } from '../call.ts';
import { IdempotencyKey } from './ledger.ts';

/** The version of the recharge agreement (its four chapters); an order records the one agreed to. */
export const RECHARGE_AGREEMENT_VERSION = '2026-11-24';

/**
 * The starter-pack coupon (SPEC §2 Recharge; docs/economy.md): claimed once by a person who has
 * not recharged yet, and spent on one recharge, whose price it lowers by this share.
 */
export const STARTER_COUPON = { percentOff: 30 } as const;

/**
 * The least a recharge may charge, in the smallest unit: Stripe's minimum charge (US$0.50).
 * Packages cost at least this, and the starter coupon never lowers a price below it.
 */
export const MIN_CHARGE_MINOR = 50;

/**
 * The price of a package after the starter coupon, in the same smallest unit (the buyer's cents
 * round in their favour), never below `MIN_CHARGE_MINOR` (nor above the package's own price), so
 * no order is free.
 */
export function couponPrice(priceMinor: number): number {
  return Math.max(priceMinor - Math.ceil((priceMinor * STARTER_COUPON.percentOff) / 100), Math.min(priceMinor, MIN_CHARGE_MINOR));
}

/** Where a person's starter coupon is: theirs to claim, claimed and unspent, spent, or not for them (they recharged). */
export const StarterCouponStatus = z.enum(['available', 'claimed', 'spent', 'ineligible']);

export const StarterCoupon = z.object({
  status: StarterCouponStatus,
  /** Set once claimed. */
  couponId: z.string().nullable(),
  percentOff: z.number().int(),
});

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
  /**
   * The starter coupon spent on this order (null once the order failed: its coupon is free again),
   * and what it took off the package's price (`priceMinor` is what was, or is to be, paid).
   */
  couponId: z.string().nullable(),
  discountMinor: z.number().int(),
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
  /** Spend the claimed starter coupon on this recharge. */
  useCoupon: z.boolean().default(false),
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
  coupon: defineCall({
    path: '/api/v1/recharge/coupon',
    summary: 'Your starter-pack coupon: to claim, claimed, spent, or not for you',
    tag: 'recharge',
    access: 'user',
    input: EmptyInput,
    output: StarterCoupon,
  }),
  claimCoupon: defineCall({
    path: '/api/v1/recharge/claim_coupon',
    summary: 'Claim the starter-pack coupon (once per person, before a first recharge)',
    tag: 'recharge',
    access: 'user',
    input: EmptyInput,
    output: StarterCoupon,
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
