import { z } from 'zod';
import { defineCall, EmptyInput } from '../call.ts';
import { SkillKey } from './agents.ts';
import { GiftKey, GiftPriceKind } from './gifts.ts';
import { Balances, IdempotencyKey } from './ledger.ts';
import { MIN_CHARGE_MINOR, RechargePackage } from './recharge.ts';

/** The limits of the admin economy console (docs/economy.md, Admin console). */
export const ECONOMY_ADMIN_LIMITS = {
  /** The most one adjustment moves, either way. */
  maxAdjustment: 10_000_000,
  reasonMax: 200,
  maxPackageDiamonds: 1_000_000,
  /** The lowest price of a package: the least a payment provider charges (US$0.50). */
  minPackagePriceMinor: MIN_CHARGE_MINOR,
  /** The highest price of a package in the smallest unit of its currency (US$9,999.99). */
  maxPackagePriceMinor: 999_999,
  /** The highest price of a skill, a voice or a gift, in diamonds or points. */
  maxPrice: 1_000_000,
  /** The longest usage period of a skill (ten years); longer is permanent (null). */
  maxUsageDays: 3650,
} as const;

/** The held currencies an admin may adjust (money `M` is never a person's). */
export const AdjustableCurrency = z.enum(['JE', 'CAC', 'CWA', 'MSS']);

/** A recharge package as admins see it: on sale or not. */
export const AdminRechargePackage = RechargePackage.extend({ active: z.boolean() });

const UserId = z.object({ userId: z.string().uuid() });

const Price = z.number().int().min(0).max(ECONOMY_ADMIN_LIMITS.maxPrice);

/** A skill's unit price in diamonds and its usage period (null: permanent). */
export const AdminSkillPrice = z.object({ skill: SkillKey, priceDiamonds: Price, usageDays: z.number().int().min(1).max(ECONOMY_ADMIN_LIMITS.maxUsageDays).nullable() });

/** An official voice and its price in diamonds (0: free). */
export const AdminVoicePrice = z.object({ voiceId: z.string(), name: z.string(), gender: z.enum(['Male', 'Female']), language: z.string(), priceDiamonds: z.number().int() });

/**
 * A gift's pricing: free; free until `freeUntil`, then `price` diamonds; or `price` points or
 * diamonds. `expiresAt` ends its sale ("Gift is Expired"). Times are ISO 8601.
 */
export const AdminGiftPrice = z.object({
  giftKey: GiftKey,
  priceKind: GiftPriceKind,
  price: Price,
  freeUntil: z.string().datetime({ offset: true }).nullable(),
  expiresAt: z.string().datetime({ offset: true }).nullable(),
});

export const economyAdminCalls = {
  findUser: defineCall({
    path: '/api/v1/economy_admin/find_user',
    summary: 'Admins: a person by their name, with their balances; 8201 when nobody has that name',
    tag: 'economy_admin',
    access: 'admin',
    input: z.object({ name: z.string().trim().min(1).max(64) }),
    output: z.object({ userId: z.string(), userName: z.string(), balances: Balances }),
  }),
  balances: defineCall({
    path: '/api/v1/economy_admin/balances',
    summary: "Admins: a person's balances",
    tag: 'economy_admin',
    access: 'admin',
    input: UserId,
    output: Balances,
  }),
  adjust: defineCall({
    path: '/api/v1/economy_admin/adjust',
    summary: "Admins: add to (positive) or take from (negative) a person's balance with a mandatory reason, through the system account `adjustments`; never below zero (8001/8002)",
    tag: 'economy_admin',
    access: 'admin',
    input: UserId.extend({
      currency: AdjustableCurrency,
      amount: z
        .number()
        .int()
        .min(-ECONOMY_ADMIN_LIMITS.maxAdjustment)
        .max(ECONOMY_ADMIN_LIMITS.maxAdjustment)
        .refine((n) => n !== 0, { message: 'economyAdmin.amountZero' }),
      reason: z.string().trim().min(1, { message: 'economyAdmin.reasonRequired' }).max(ECONOMY_ADMIN_LIMITS.reasonMax),
      key: IdempotencyKey,
    }),
    output: z.object({ balances: Balances, replayed: z.boolean() }),
  }),
  packages: defineCall({
    path: '/api/v1/economy_admin/packages',
    summary: 'Admins: every recharge package, on sale or not',
    tag: 'economy_admin',
    access: 'admin',
    input: EmptyInput,
    output: z.array(AdminRechargePackage),
  }),
  savePackage: defineCall({
    path: '/api/v1/economy_admin/save_package',
    summary: "Admins: change a recharge package's diamonds, bonus, price or whether it is on sale (orders keep their copy); 8202 when unknown",
    tag: 'economy_admin',
    access: 'admin',
    input: z.object({
      packageId: z.string().min(1).max(40),
      diamonds: z.number().int().min(1).max(ECONOMY_ADMIN_LIMITS.maxPackageDiamonds),
      bonus: z.number().int().min(0).max(ECONOMY_ADMIN_LIMITS.maxPackageDiamonds),
      priceMinor: z.number().int().min(ECONOMY_ADMIN_LIMITS.minPackagePriceMinor).max(ECONOMY_ADMIN_LIMITS.maxPackagePriceMinor),
      active: z.boolean(),
    }),
    output: z.array(AdminRechargePackage),
  }),
  skills: defineCall({
    path: '/api/v1/economy_admin/skills',
    summary: 'Admins: every skill with its unit price in diamonds and its usage period in days (null: permanent)',
    tag: 'economy_admin',
    access: 'admin',
    input: EmptyInput,
    output: z.array(AdminSkillPrice),
  }),
  saveSkill: defineCall({
    path: '/api/v1/economy_admin/save_skill',
    summary: "Admins: change a skill's price (0–1,000,000 diamonds) and usage period (1–3,650 days, or null for permanent); purchases made keep theirs",
    tag: 'economy_admin',
    access: 'admin',
    input: AdminSkillPrice,
    output: z.array(AdminSkillPrice),
  }),
  voices: defineCall({
    path: '/api/v1/economy_admin/voices',
    summary: 'Admins: every official voice with its price in diamonds (0: free)',
    tag: 'economy_admin',
    access: 'admin',
    input: EmptyInput,
    output: z.array(AdminVoicePrice),
  }),
  saveVoice: defineCall({
    path: '/api/v1/economy_admin/save_voice',
    summary: "Admins: change an official voice's price (0 makes it free); 8251 when the id is not an official voice",
    tag: 'economy_admin',
    access: 'admin',
    input: z.object({ voiceId: z.string().uuid(), priceDiamonds: Price }),
    output: z.array(AdminVoicePrice),
  }),
  gifts: defineCall({
    path: '/api/v1/economy_admin/gifts',
    summary: 'Admins: every gift with how it is sold, its price, free-until and expiry',
    tag: 'economy_admin',
    access: 'admin',
    input: EmptyInput,
    output: z.array(AdminGiftPrice),
  }),
  saveGift: defineCall({
    path: '/api/v1/economy_admin/save_gift',
    summary: 'Admins: change how a gift is sold, its price, free-until and expiry (8252–8256 when they do not fit together); sends made keep theirs',
    tag: 'economy_admin',
    access: 'admin',
    input: AdminGiftPrice,
    output: z.array(AdminGiftPrice),
  }),
};
