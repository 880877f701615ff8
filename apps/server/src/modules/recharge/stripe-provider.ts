import Stripe from 'stripe';
import { CHECKOUT_LIFETIME_MINUTES, type PaymentProvider } from './payment-provider.ts';

/** Events that say a Checkout Session's money arrived (card at once, or a delayed method later). */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/**
 * Stripe Checkout through the `stripe` library: a Checkout Session per order (the order's id as
 * `client_reference_id`, the library's idempotency key so a retried create makes one session),
 * and the `checkout.session.*` webhooks verified by their signature.
 */
export function stripeProvider(options: { secretKey: string; webhookSecret: string; apiUrl: string | null }): PaymentProvider {
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'https:' ? 'https' : 'http' } : {}),
  });
  return {
    name: 'stripe',
    completesAtOnce: false,
    async checkout(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.orderId,
          metadata: { orderId: request.orderId },
          line_items: [{ quantity: 1, price_data: { currency: request.currency, unit_amount: request.priceMinor, product_data: { name: request.description } } }],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          // a set lifetime, the one after which the order's coupon may move (payment-provider.ts)
          expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_LIFETIME_MINUTES * 60,
        },
        { idempotencyKey: `checkout-${request.orderId}` },
      );
      return { ref: session.id, url: session.url };
    },
    async isPaid(ref) {
      const session = await stripe.checkout.sessions.retrieve(ref);
      return session.payment_status === 'paid';
    },
    async close(ref) {
      // expiring is Stripe's own guarantee that an open session is never paid; it refuses a
      // session no longer open (completed, or expired already), which is then read
      try {
        await stripe.checkout.sessions.expire(ref);
        return 'closed';
      } catch (err) {
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
      }
      const session = await stripe.checkout.sessions.retrieve(ref);
      if (session.payment_status === 'paid') return 'paid';
      return session.status === 'expired' ? 'closed' : 'open';
    },
    paidEvent(rawBody, signature) {
      const event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret);
      if (!PAID_EVENTS.has(event.type)) return null;
      const session = event.data.object as Stripe.Checkout.Session;
      const orderId = session.client_reference_id ?? session.metadata?.orderId;
      if (session.payment_status !== 'paid' || !orderId) return null;
      return { orderId, ref: session.id };
    },
  };
}
