import { calls, RECHARGE_AGREEMENT_VERSION, type RechargeOrder } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import { publicOrigin } from '../../platform/origin.ts';
import type { OrderRow, PackageRow } from './recharge.repository.ts';
import type { RechargeService } from './recharge.service.ts';

const presentPackage = (p: PackageRow) => ({ packageId: p.id, diamonds: p.diamonds, bonus: p.bonus, priceMinor: p.priceMinor, currency: p.currency });

const presentOrder = (o: OrderRow): z.input<typeof RechargeOrder> => ({
  orderId: o.id,
  status: o.status as z.infer<typeof RechargeOrder>['status'],
  packageId: o.packageId,
  diamonds: o.diamonds,
  bonus: o.bonus,
  priceMinor: o.priceMinor,
  currency: o.currency,
  provider: o.provider as z.infer<typeof RechargeOrder>['provider'],
  // a failed order freed its coupon: it is no longer on the order
  couponId: o.status === 'failed' ? null : o.couponId,
  discountMinor: o.discountMinor,
  createdAt: o.createdAt.toISOString(),
  paidAt: o.paidAt?.toISOString() ?? null,
});

/** Stripe's webhook address (docs/economy.md): outside the call envelope, as Stripe posts its own body. */
export const STRIPE_WEBHOOK_PATH = '/api/v1/recharge/stripe/webhook';

export async function rechargeRoutes(app: FastifyInstance, deps: { recharge: RechargeService; authenticate: Authenticate; publicUrl: string | null }) {
  const { recharge } = deps;
  registerCall(app, calls.recharge.offer, deps.authenticate, async () => ({
    packages: (await recharge.onSale()).map(presentPackage),
    provider: recharge.provider,
    agreementVersion: RECHARGE_AGREEMENT_VERSION,
  }));
  registerCall(app, calls.recharge.create, deps.authenticate, async ({ user, input, req }) => {
    const made = await recharge.create(user.id, input, publicOrigin(req, deps.publicUrl));
    return { order: presentOrder(made.order), checkoutUrl: made.checkoutUrl };
  });
  registerCall(app, calls.recharge.coupon, deps.authenticate, async ({ user }) => recharge.coupon(user.id));
  registerCall(app, calls.recharge.claimCoupon, deps.authenticate, async ({ user }) => recharge.claimCoupon(user.id));
  registerCall(app, calls.recharge.order, deps.authenticate, async ({ user, input }) => presentOrder(await recharge.order(user.id, input.orderId)));

  // the signature covers the exact bytes Stripe sent: this route alone keeps the body raw
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post(STRIPE_WEBHOOK_PATH, async (req, reply) => {
      const signature = req.headers['stripe-signature'];
      const outcome = await recharge.webhook(req.body as Buffer, Array.isArray(signature) ? signature[0] : signature);
      // anything but 2xx makes Stripe deliver the event again, which a failed credit needs
      return reply.status({ done: 200, refused: 400, failed: 500 }[outcome]).send({ received: outcome === 'done' });
    });
  });
}
