import { couponPrice, ErrorCode, RECHARGE_AGREEMENT_VERSION, STARTER_COUPON, type StarterCoupon } from '@starlit/contract';
import { formatDay } from '@starlit/contract/rules';
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Handle } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { fingerprintOf, serverKey, type LedgerService } from '../ledger/ledger.service.ts';
import { CHECKOUT_LIFETIME_MINUTES, type PaymentProvider } from './payment-provider.ts';
import { rechargeRepository, type OrderRow, type PackageChange } from './recharge.repository.ts';

/** The age from which a person may pay (SPEC §2: recharge is not for minors). */
export const ADULT_AGE = 18;

/** Whether a birthday (YYYY-MM-DD) is at least `ADULT_AGE` years before `today`, counted in UTC+8 as the product's dates are. */
export function isAdult(birthday: string, today: Date): boolean {
  const [ty, tm, td] = formatDay(today).split('-').map(Number);
  const [y, m, d] = birthday.split('-').map(Number);
  const years = ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
  return years >= ADULT_AGE;
}

/**
 * Recharge (docs/economy.md): an order per purchase of a package, paid through the provider,
 * credited by the ledger exactly once under the order's own key, whichever comes first and
 * however often: the provider's webhook, the buyer's return, or the demo provider at once.
 */
export function rechargeService(deps: { db: Db; provider: PaymentProvider; ledger: Pick<LedgerService, 'run'>; users: Pick<UsersRepository, 'byId'>; log: FastifyBaseLogger }) {
  const orders = rechargeRepository(deps.db);

  /** Credits a paid order once: its diamonds and bonus to the buyer, the money to the books. */
  async function credit(order: OrderRow): Promise<void> {
    await deps.ledger.run(order.userId, serverKey('recharge', order.id), fingerprintOf('recharge.credit', { orderId: order.id }), async (books) => {
      const repo = rechargeRepository(books.tx);
      const paid = await repo.markPaid(order.id);
      if (!paid) return { credited: false };
      const couponPercentOff = await repo.spendCoupon(order.id);
      const user = { user: order.userId };
      const memo = { orderId: order.id, packageId: order.packageId };
      await books.move(
        {
          from: { system: 'payments' },
          to: { system: 'recharge_issuance' },
          currency: 'M',
          amount: order.priceMinor,
          kind: 'recharge',
          memo: { ...memo, currency: order.currency, couponId: order.couponId, discountMinor: order.discountMinor },
        },
        // the buyer's records say a recharge was paid with the starter coupon
        { from: { system: 'recharge_issuance' }, to: user, currency: 'JE', amount: order.diamonds, kind: 'recharge', memo: couponPercentOff === null ? memo : { ...memo, couponPercentOff } },
        ...(order.bonus > 0 ? [{ from: { system: 'bonus' as const }, to: user, currency: 'JE' as const, amount: order.bonus, kind: 'recharge_bonus', memo }] : []),
      );
      return { credited: true };
    });
  }

  /**
   * Settles an order still pending after the checkout lifetime, whose coupon a new order asks
   * for: the provider says whether it was paid (then it is credited and spends the coupon) or
   * ends it for good (then it is marked failed and frees the coupon). An order the buyer may
   * still be paying, or one another provider took, is left alone: its coupon stays on it.
   */
  async function settleStale(orderId: string): Promise<void> {
    const held = await orders.byId(orderId);
    if (held?.status !== 'pending' || held.createdAt.getTime() > Date.now() - CHECKOUT_LIFETIME_MINUTES * 60_000) return;
    // no checkout was recorded: the buyer was never given one to pay
    if (!held.providerRef) return orders.markFailed(held.id);
    if (held.provider !== deps.provider.name) return;
    let state: Awaited<ReturnType<PaymentProvider['close']>>;
    try {
      state = await deps.provider.close(held.providerRef);
    } catch (err) {
      deps.log.warn({ err, orderId }, 'recharge: could not settle a stale checkout');
      throw new AppError(ErrorCode.RECHARGE_PROVIDER_FAILED);
    }
    if (state === 'paid') await credit(held);
    else if (state === 'closed') await orders.markFailed(held.id);
  }

  /** Where a person's starter coupon is (docs/economy.md, Starter coupon). */
  async function couponOf(userId: string, h: Handle = deps.db): Promise<z.input<typeof StarterCoupon>> {
    const repo = rechargeRepository(h);
    const coupon = await repo.coupon(userId);
    if (coupon) return { status: coupon.spentAt ? 'spent' : 'claimed', couponId: coupon.id, percentOff: coupon.percentOff };
    return { status: (await repo.hasPaidOrder(userId)) ? 'ineligible' : 'available', couponId: null, percentOff: STARTER_COUPON.percentOff };
  }

  return {
    provider: deps.provider.name,

    coupon: (userId: string) => couponOf(userId),

    /** Claims the starter coupon: once per person, and only before their first recharge. */
    async claimCoupon(userId: string) {
      const known = await couponOf(userId);
      if (known.status === 'claimed' || known.status === 'spent') throw new AppError(ErrorCode.COUPON_ALREADY_CLAIMED);
      if (known.status === 'ineligible') throw new AppError(ErrorCode.COUPON_NOT_ELIGIBLE);
      // a second claim racing this one finds the row and is refused
      if (!(await orders.claimCoupon(userId, STARTER_COUPON.percentOff))) throw new AppError(ErrorCode.COUPON_ALREADY_CLAIMED);
      return couponOf(userId);
    },

    onSale: () => orders.onSale(),

    /** Every package, on sale or not (the admin economy console). */
    allPackages: () => orders.all(),

    /** Changes a package for new orders (the admin economy console); false when unknown. */
    savePackage: (id: string, change: PackageChange) => orders.savePackage(id, change),

    /** Starts a recharge for `userId`; refused before anything is stored when a rule says no. */
    async create(userId: string, input: { packageId: string; agreementVersion: string; adult: boolean; requestKey: string; useCoupon: boolean }, origin: string) {
      if (input.agreementVersion !== RECHARGE_AGREEMENT_VERSION) throw new AppError(ErrorCode.RECHARGE_AGREEMENT_REQUIRED);
      const user = await deps.users.byId(userId);
      if (!user) throw new AppError(ErrorCode.USER_NOT_FOUND);
      // a birthday on the profile decides; without one the buyer's own word is needed
      if (user.birthday ? !isAdult(user.birthday, new Date()) : !input.adult) {
        throw new AppError(user.birthday ? ErrorCode.RECHARGE_MINOR : ErrorCode.RECHARGE_ADULT_REQUIRED);
      }
      const pack = await orders.onSaleById(input.packageId);
      if (!pack) throw new AppError(ErrorCode.RECHARGE_PACKAGE_NOT_FOUND);
      // a double click or a retry of one purchase answers its first order; a checkout that
      // failed is answered as it was (as Stripe keeps a key's error): another try is another key
      const repeated = async () => {
        const first = await orders.byRequest(userId, input.requestKey);
        if (!first || first.packageId !== pack.id || (first.couponId !== null) !== input.useCoupon) throw new AppError(ErrorCode.LEDGER_KEY_REUSED);
        if (first.status === 'failed') throw new AppError(ErrorCode.RECHARGE_PROVIDER_FAILED);
        return { order: first, checkoutUrl: first.status === 'pending' ? first.checkoutUrl : null };
      };
      if (await orders.byRequest(userId, input.requestKey)) return repeated();
      let coupon = input.useCoupon ? await orders.coupon(userId) : null;
      // a coupon on an order gone stale moves only once the provider has settled that order
      if (coupon?.orderId && !coupon.spentAt) {
        await settleStale(coupon.orderId);
        coupon = await orders.coupon(userId);
      }
      if (input.useCoupon && (!coupon || coupon.spentAt)) throw new AppError(ErrorCode.COUPON_NOT_AVAILABLE);
      const priceMinor = coupon ? couponPrice(pack.priceMinor) : pack.priceMinor;
      // the order and its hold on the coupon are one: an order that cannot have the coupon is not made
      const order = await deps.db.transaction(async (tx) => {
        const repo = rechargeRepository(tx);
        const made = await repo.insertOrder({
          userId,
          requestKey: input.requestKey,
          packageId: pack.id,
          diamonds: pack.diamonds,
          bonus: pack.bonus,
          priceMinor,
          currency: pack.currency,
          provider: deps.provider.name,
          agreementVersion: input.agreementVersion,
          couponId: coupon?.id ?? null,
          discountMinor: pack.priceMinor - priceMinor,
        });
        if (made && coupon && !(await repo.reserveCoupon(coupon.id, made.id))) throw new AppError(ErrorCode.COUPON_NOT_AVAILABLE);
        return made;
      });
      if (!order) return repeated();
      // the buyer comes back to the recharge page, which reads the order's state
      const back = `${origin}/recharge?order=${order.id}`;
      let checkout: { ref: string; url: string | null };
      try {
        checkout = await deps.provider.checkout({
          orderId: order.id,
          priceMinor: order.priceMinor,
          currency: order.currency,
          description: `${order.diamonds + order.bonus} diamonds${order.couponId ? `, starter coupon −${STARTER_COUPON.percentOff}%` : ''}`,
          successUrl: back,
          cancelUrl: `${back}&cancelled=1`,
        });
      } catch (err) {
        deps.log.warn({ err, orderId: order.id }, 'recharge checkout failed');
        await orders.markFailed(order.id);
        throw new AppError(ErrorCode.RECHARGE_PROVIDER_FAILED);
      }
      await orders.setCheckout(order.id, checkout.ref, checkout.url);
      if (deps.provider.completesAtOnce) await credit(order);
      return { order: (await orders.byId(order.id)) as OrderRow, checkoutUrl: checkout.url };
    },

    /** The buyer's own order; a pending one is asked of the provider (the buyer may be back before the webhook). */
    async order(userId: string, orderId: string): Promise<OrderRow> {
      const order = await orders.byId(orderId);
      if (!order || order.userId !== userId) throw new AppError(ErrorCode.RECHARGE_ORDER_NOT_FOUND);
      if (order.status === 'pending' && order.providerRef && order.provider === deps.provider.name) {
        const paid = await deps.provider.isPaid(order.providerRef).catch((err: unknown) => {
          deps.log.warn({ err, orderId }, 'recharge: could not ask the provider');
          return false;
        });
        if (paid) {
          await credit(order);
          return (await orders.byId(orderId)) as OrderRow;
        }
      }
      return order;
    },

    /**
     * A webhook delivery: verified by the provider, then the order it pays is credited once.
     * Answers `refused` for a bad signature (nothing credited) and `failed` when crediting
     * failed, so the provider delivers it again; an unknown order is logged.
     */
    async webhook(rawBody: Buffer, signature: string | undefined): Promise<'done' | 'refused' | 'failed'> {
      let event: ReturnType<PaymentProvider['paidEvent']>;
      try {
        event = deps.provider.paidEvent(rawBody, signature);
      } catch (err) {
        deps.log.warn({ err }, 'recharge webhook refused');
        return 'refused';
      }
      if (!event) return 'done';
      const order = await orders.byId(event.orderId);
      if (!order || order.providerRef !== event.ref) {
        deps.log.warn({ orderId: event.orderId, ref: event.ref }, 'recharge webhook names no order of ours');
        return 'done';
      }
      try {
        await credit(order);
      } catch (err) {
        deps.log.error({ err, orderId: order.id }, 'recharge webhook: crediting failed');
        return 'failed';
      }
      return 'done';
    },
  };
}

export type RechargeService = ReturnType<typeof rechargeService>;
