import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode, type CallInput, type calls } from '@starlit/contract';
import { AppError } from '../../platform/errors.ts';
import { fingerprintOf, type LedgerService } from '../ledger/ledger.service.ts';
import type { NoticesService } from '../notices/notices.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { RechargeService } from '../recharge/recharge.service.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import type { GiftsService } from '../gifts/gifts.service.ts';
import type { VoicesService } from '../voices/voices.service.ts';

/**
 * The admin economy console (docs/economy.md, Admin console): a person's balances by name,
 * adjustments with a reason (a transfer like any other, to or from the system account
 * `adjustments`), the recharge packages, and the prices of skills, official voices and gifts
 * (each written by the feature that owns it). Every call is for admins only (the contract).
 * A price changed here applies to the next purchase: past ones are ledger rows and keep theirs.
 */
export function economyAdminService(deps: {
  ledger: LedgerService;
  users: UsersRepository;
  notices: NoticesService;
  recharge: Pick<RechargeService, 'allPackages' | 'savePackage'>;
  agents: Pick<AgentsService, 'skills' | 'setSkillPrice'>;
  voices: Pick<VoicesService, 'officials' | 'setOfficialPrice'>;
  gifts: Pick<GiftsService, 'all' | 'setPricing'>;
  log: FastifyBaseLogger;
}) {
  async function person(userId: string) {
    const user = await deps.users.byId(userId);
    if (!user) throw new AppError(ErrorCode.ECONOMY_ADMIN_USER_NOT_FOUND);
    return user;
  }

  async function packages() {
    return (await deps.recharge.allPackages()).map((p) => ({ packageId: p.id, diamonds: p.diamonds, bonus: p.bonus, priceMinor: p.priceMinor, currency: p.currency, active: p.active }));
  }

  async function skills() {
    return (await deps.agents.skills()).map((s) => ({ skill: s.key, priceDiamonds: s.priceDiamonds, usageDays: s.usageDays }));
  }

  async function voices() {
    return (await deps.voices.officials()).map((v) => ({ voiceId: v.id, name: v.name, gender: v.gender, language: v.language, priceDiamonds: v.priceDiamonds }));
  }

  async function gifts() {
    return (await deps.gifts.all()).map((g) => ({
      giftKey: g.key,
      priceKind: g.priceKind,
      price: g.price,
      freeUntil: g.freeUntil?.toISOString() ?? null,
      expiresAt: g.expiresAt?.toISOString() ?? null,
    }));
  }

  return {
    async findUser(name: string) {
      const user = await deps.users.byName(name);
      if (!user) throw new AppError(ErrorCode.ECONOMY_ADMIN_USER_NOT_FOUND);
      return { userId: user.id, userName: user.userName, balances: await deps.ledger.balances(user.id) };
    },

    async balances(userId: string) {
      await person(userId);
      return deps.ledger.balances(userId);
    },

    /**
     * Adds to or takes from a person's balance under the admin's idempotency key, so a double
     * click adjusts once. Taking more than the person has is refused by the database (never
     * below zero) and moves nothing. The person is told why in a system notice.
     */
    async adjust(adminId: string, input: CallInput<typeof calls.economyAdmin.adjust>) {
      const { userId, currency, amount } = input;
      const reason = input.reason.trim();
      await person(userId);
      const memo = { reason, adminId };
      const { replayed } = await deps.ledger.run(adminId, input.key, fingerprintOf('adjustment', { userId, currency, amount, reason }), async (books) => {
        const [from, to] = amount > 0 ? [{ system: 'adjustments' as const }, { user: userId }] : [{ user: userId }, { system: 'adjustments' as const }];
        await books.move({ from, to, currency, amount: Math.abs(amount), kind: 'adjustment', memo });
        return { userId, currency, amount };
      });
      // the adjustment is made: a notice that cannot be sent must not read as a failed adjustment
      if (!replayed)
        await deps.notices
          .sendSystem({ recipientId: userId, createdBy: adminId, template: { kind: 'balance_adjusted', params: { currency, amount, reason } } })
          .catch((err: unknown) => deps.log.warn({ err, userId }, 'adjustment notice not sent'));
      return { balances: await deps.ledger.balances(userId), replayed };
    },

    packages,

    async savePackage(input: CallInput<typeof calls.economyAdmin.savePackage>) {
      const change = { diamonds: input.diamonds, bonus: input.bonus, priceMinor: input.priceMinor, active: input.active };
      if (!(await deps.recharge.savePackage(input.packageId, change))) throw new AppError(ErrorCode.ECONOMY_ADMIN_PACKAGE_NOT_FOUND);
      return packages();
    },

    skills,

    async saveSkill(input: CallInput<typeof calls.economyAdmin.saveSkill>) {
      if (!(await deps.agents.setSkillPrice(input.skill, input.priceDiamonds, input.usageDays))) throw new AppError(ErrorCode.ECONOMY_ADMIN_SKILL_NOT_FOUND);
      return skills();
    },

    voices,

    async saveVoice(input: CallInput<typeof calls.economyAdmin.saveVoice>) {
      if (!(await deps.voices.setOfficialPrice(input.voiceId, input.priceDiamonds))) throw new AppError(ErrorCode.ECONOMY_ADMIN_VOICE_NOT_FOUND);
      return voices();
    },

    gifts,

    async saveGift(input: CallInput<typeof calls.economyAdmin.saveGift>) {
      await deps.gifts.setPricing(input);
      return gifts();
    },
  };
}

export type EconomyAdminService = ReturnType<typeof economyAdminService>;
