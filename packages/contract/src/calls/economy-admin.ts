import { z } from 'zod';
import { defineCall, EmptyInput } from '../call.ts';
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
} as const;

/** The held currencies an admin may adjust (money `M` is never a person's). */
export const AdjustableCurrency = z.enum(['JE', 'CAC', 'CWA', 'MSS']);

/** A recharge package as admins see it: on sale or not. */
export const AdminRechargePackage = RechargePackage.extend({ active: z.boolean() });

const UserId = z.object({ userId: z.string().uuid() });

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
};
