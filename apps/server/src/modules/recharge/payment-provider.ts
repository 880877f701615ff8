/**
 * How long a checkout can be paid: Stripe Checkout Sessions are made to expire after this
 * (Stripe allows 30 minutes to 24 hours). A starter coupon on an order still pending after it
 * may move to a new order, once the provider has settled the old one (`close`).
 */
export const CHECKOUT_LIFETIME_MINUTES = 60;

/** What a provider needs to take the money of one order. */
export interface CheckoutRequest {
  orderId: string;
  priceMinor: number;
  currency: string;
  /** What the buyer sees on the payment page. */
  description: string;
  successUrl: string;
  cancelUrl: string;
}

/** A provider's word that an order is paid. */
export interface PaidEvent {
  orderId: string;
  ref: string;
}

/**
 * Who takes the money of a recharge (docs/economy.md, Recharge). `demo` completes at once and
 * moves no money; `stripe` sends the buyer to Stripe Checkout and learns of the payment from its
 * signed webhook, or by asking when the buyer comes back first.
 */
export interface PaymentProvider {
  name: 'demo' | 'stripe';
  /** Pays at once when the order is made (the demo provider). */
  completesAtOnce: boolean;
  /** Starts the payment: the provider's reference and where to send the buyer (none for the demo). */
  checkout(request: CheckoutRequest): Promise<{ ref: string; url: string | null }>;
  /** Whether the checkout `ref` is paid, asked when the buyer returns before the webhook. */
  isPaid(ref: string): Promise<boolean>;
  /**
   * Settles the checkout `ref` for good: `paid` when it was paid, `closed` when it can no longer
   * be paid (it is ended now if it was still open), `open` when a payment is still on its way
   * (a delayed method). Throws when the provider cannot be asked.
   */
  close(ref: string): Promise<'paid' | 'closed' | 'open'>;
  /**
   * A webhook delivery, verified: the order it pays, or null for an event that pays nothing.
   * Throws when the signature is wrong: such a body credits nothing.
   */
  paidEvent(rawBody: Buffer, signature: string | undefined): PaidEvent | null;
}

/** The offline provider of the spec's demo environment: every recharge is paid at once, and no money moves. */
export function demoProvider(): PaymentProvider {
  return {
    name: 'demo',
    completesAtOnce: true,
    async checkout(request) {
      return { ref: `demo_${request.orderId}`, url: null };
    },
    async isPaid() {
      return true;
    },
    async close() {
      return 'paid';
    },
    paidEvent() {
      throw new Error('the demo provider sends no webhooks');
    },
  };
}
