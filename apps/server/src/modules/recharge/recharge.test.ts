import { calls, ErrorCode, RECHARGE_AGREEMENT_VERSION } from '@starlit/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerRequests, rechargeOrders, users } from '../../db/schema/index.ts';
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, startFakeStripe } from '../../../test/fake-stripe.ts';
import { buildUser } from '../../../test/factories.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { STRIPE_WEBHOOK_PATH } from './recharge.routes.ts';
import { isAdult } from './recharge.service.ts';

const c = calls.recharge;
let keys = 0;
const buy = (packageId = 'p300', requestKey = `buy_${Date.now().toString(36)}_${keys++}`) => ({ packageId, agreementVersion: RECHARGE_AGREEMENT_VERSION, adult: true, requestKey });
const balance = async (t: TestServer, user: SignedIn) => (await t.ok(calls.ledger.balances, {}, { as: user })).JE;
const ordersOf = async (t: TestServer, user: SignedIn) => t.starlit.database.db.select().from(rechargeOrders).where(eq(rechargeOrders.userId, user.userId));

describe('adults', () => {
  it('counts whole years in UTC+8, the birthday itself included', () => {
    // 2026-11-24 00:30 in Taipei is still 2026-11-23 in UTC
    const now = new Date('2026-11-23T16:30:00Z');
    expect(isAdult('2008-11-24', now)).toBe(true);
    expect(isAdult('2008-11-25', now)).toBe(false);
    expect(isAdult('1990-01-01', now)).toBe(true);
  });
});

describe('recharge with the demo provider', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows the packages to anyone, with the provider and the agreement version', async () => {
    const offer = await t.ok(c.offer, {});
    expect(offer.provider).toBe('demo');
    expect(offer.agreementVersion).toBe(RECHARGE_AGREEMENT_VERSION);
    expect(offer.packages[1]).toEqual({ packageId: 'p300', diamonds: 300, bonus: 30, priceMinor: 499, currency: 'usd' });
  });

  it('pays at once and credits the diamonds and their bonus, in the books', async () => {
    const user = await buildUser(t);
    const made = await t.ok(c.create, buy(), { as: user });
    expect(made.checkoutUrl).toBeNull();
    expect(made.order).toMatchObject({ status: 'paid', diamonds: 300, bonus: 30, provider: 'demo' });
    expect(await balance(t, user)).toBe(330);
    expect(await t.ok(c.order, { orderId: made.order.orderId }, { as: user })).toMatchObject({ status: 'paid' });
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('refuses without the agreement, to minors, without the adult confirmation, and for a package not on sale; nothing stored', async () => {
    const user = await buildUser(t);
    const refused = async (input: ReturnType<typeof buy>, code: number) => {
      const res = await t.call(c.create, input, { as: user });
      expect(res.body.code).toBe(code);
    };
    await refused({ ...buy(), agreementVersion: '' }, ErrorCode.RECHARGE_AGREEMENT_REQUIRED);
    await refused({ ...buy(), adult: false }, ErrorCode.RECHARGE_ADULT_REQUIRED);
    await refused(buy('p7'), ErrorCode.RECHARGE_PACKAGE_NOT_FOUND);
    const db = t.starlit.database.db;
    const young = new Date(Date.now() - 16 * 365.25 * 86_400_000).toISOString().slice(0, 10);
    await db.update(users).set({ birthday: young }).where(eq(users.id, user.userId));
    // a birthday under 18 refuses whatever the buyer says
    await refused(buy(), ErrorCode.RECHARGE_MINOR);
    const zh = await t.call(c.create, buy(), { as: user, lang: 'zh_TW' });
    expect(zh.body.message).toBe('未成年人不得儲值');
    expect(await ordersOf(t, user)).toHaveLength(0);
    expect(await balance(t, user)).toBe(0);
    // an adult birthday needs no confirmation
    await db.update(users).set({ birthday: '1990-05-17' }).where(eq(users.id, user.userId));
    expect((await t.ok(c.create, { ...buy('p60'), adult: false }, { as: user })).order.status).toBe('paid');
  });

  it('makes one order of a double click or a retry: the same request key answers the first order', async () => {
    const user = await buildUser(t);
    const input = buy();
    const answers = await Promise.all([t.ok(c.create, input, { as: user }), t.ok(c.create, input, { as: user }), t.ok(c.create, input, { as: user })]);
    expect(new Set(answers.map((a) => a.order.orderId)).size).toBe(1);
    expect(await t.ok(c.create, input, { as: user })).toMatchObject({ order: { orderId: answers[0].order.orderId, status: 'paid' } });
    expect(await ordersOf(t, user)).toHaveLength(1);
    expect(await balance(t, user)).toBe(330);
    // the key names one purchase: another package with it is refused
    expect((await t.call(c.create, { ...input, packageId: 'p60' }, { as: user })).body.code).toBe(ErrorCode.LEDGER_KEY_REUSED);
  });

  it('answers an order to its buyer only, and refuses visitors', async () => {
    const [buyer, other] = [await buildUser(t), await buildUser(t)];
    const made = await t.ok(c.create, buy('p60'), { as: buyer });
    expect((await t.call(c.order, { orderId: made.order.orderId }, { as: other })).body.code).toBe(ErrorCode.RECHARGE_ORDER_NOT_FOUND);
    for (const call of [c.create, c.order]) {
      const res = await t.call(call, call === c.create ? buy() : { orderId: made.order.orderId });
      expect([res.status, res.body.code]).toEqual([401, 401]);
    }
  });
});

describe('recharge through Stripe Checkout (a local server speaking Stripe’s API)', () => {
  let t: TestServer;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await startTestServer({ STRIPE_SECRET_KEY: FAKE_STRIPE_KEY, STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET, STRIPE_API_URL: stripe.url });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const deliver = (delivery: { payload: string; signature: string }) =>
    t.starlit.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature }, payload: delivery.payload });

  const start = async (user: SignedIn) => {
    const made = await t.ok(c.create, buy(), { as: user });
    const [order] = await ordersOf(t, user);
    return { made, sessionId: order.providerRef as string };
  };

  it('sends the buyer to a Checkout Session for the order, and credits nothing before it is paid', async () => {
    const user = await buildUser(t);
    expect((await t.ok(c.offer, {})).provider).toBe('stripe');
    const { made, sessionId } = await start(user);
    expect(made.order.status).toBe('pending');
    expect(made.checkoutUrl).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
    const session = stripe.sessions.get(sessionId);
    expect(session).toMatchObject({ client_reference_id: made.order.orderId, amount_total: 499, currency: 'usd', metadata: { orderId: made.order.orderId } });
    expect(session?.success_url).toMatch(new RegExp(`/recharge\\?order=${made.order.orderId}$`));
    expect(stripe.seen.at(-1)?.idempotencyKey).toBe(`checkout-${made.order.orderId}`);
    // back from the checkout without paying
    expect(await t.ok(c.order, { orderId: made.order.orderId }, { as: user })).toMatchObject({ status: 'pending' });
    expect(await balance(t, user)).toBe(0);
  });

  it('credits once however often and in whatever order the webhook and the buyer arrive', async () => {
    const user = await buildUser(t);
    const { made, sessionId } = await start(user);
    stripe.pay(sessionId);
    const delivery = stripe.event('checkout.session.completed', sessionId);
    // the same delivery five times at once, the buyer coming back meanwhile, and a late repeat
    const answers = await Promise.all([...Array.from({ length: 5 }, () => deliver(delivery)), t.ok(c.order, { orderId: made.order.orderId }, { as: user })]);
    for (const res of answers.slice(0, 5)) expect((res as { statusCode: number }).statusCode).toBe(200);
    expect((await deliver(delivery)).statusCode).toBe(200);
    expect(await balance(t, user)).toBe(330);
    expect(await t.ok(c.order, { orderId: made.order.orderId }, { as: user })).toMatchObject({ status: 'paid' });
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('credits when the buyer returns before the webhook, and the late webhook adds nothing', async () => {
    const user = await buildUser(t);
    const { made, sessionId } = await start(user);
    stripe.pay(sessionId);
    expect(await t.ok(c.order, { orderId: made.order.orderId }, { as: user })).toMatchObject({ status: 'paid' });
    expect((await deliver(stripe.event('checkout.session.completed', sessionId))).statusCode).toBe(200);
    expect(await balance(t, user)).toBe(330);
    // an order credited before server keys had their own space (`recharge-<order>`) stays credited once
    await t.starlit.database.db
      .update(ledgerRequests)
      .set({ key: `recharge-${made.order.orderId}` })
      .where(and(eq(ledgerRequests.userId, user.userId), eq(ledgerRequests.key, `recharge:${made.order.orderId}`)));
    expect((await deliver(stripe.event('checkout.session.completed', sessionId))).statusCode).toBe(200);
    expect(await balance(t, user)).toBe(330);
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('refuses a body with a bad signature and credits nothing; an unpaid completion pays nothing', async () => {
    const user = await buildUser(t);
    const { sessionId } = await start(user);
    const forged = stripe.event('checkout.session.completed', sessionId, 'whsec_someone_else');
    stripe.pay(sessionId);
    const honest = stripe.event('checkout.session.completed', sessionId);
    expect((await deliver(forged)).statusCode).toBe(400);
    expect((await deliver({ payload: honest.payload.replace('"paid"', '"unpaid"'), signature: honest.signature })).statusCode).toBe(400);
    expect((await deliver({ payload: honest.payload, signature: '' })).statusCode).toBe(400);
    expect(await balance(t, user)).toBe(0);
  });

  it('credits a paid order whose old server-made key a client took first, and has Stripe retry a credit that failed', async () => {
    const user = await buildUser(t);
    const { made, sessionId } = await start(user);
    await t.starlit.services.ledger.within(undefined, (books) => books.move({ from: { system: 'bonus' }, to: { user: user.userId }, currency: 'JE', amount: 1, kind: 'bonus' }));
    // a client's own request under the key the server once made for this order
    expect((await t.call(calls.exchange.exchange, { target: 'CAC', diamonds: 1, key: `recharge-${made.order.orderId}` }, { as: user })).body.code).toBe(0);
    stripe.pay(sessionId);
    const delivery = stripe.event('checkout.session.completed', sessionId);
    // crediting that fails answers non-2xx, so Stripe delivers again
    const run = vi.spyOn(t.starlit.services.ledger, 'run').mockRejectedValueOnce(new Error('the database went away'));
    expect((await deliver(delivery)).statusCode).toBe(500);
    run.mockRestore();
    expect(await t.ok(c.order, { orderId: made.order.orderId }, { as: user })).toMatchObject({ status: 'paid' });
    expect((await deliver(delivery)).statusCode).toBe(200);
    expect(await balance(t, user)).toBe(330);
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('marks the order failed and says so when Stripe cannot start the checkout', async () => {
    const user = await buildUser(t);
    // more failures than the library's retries
    stripe.failNext(3);
    const res = await t.call(c.create, buy(), { as: user });
    expect(res.body.code).toBe(ErrorCode.RECHARGE_PROVIDER_FAILED);
    expect((await ordersOf(t, user)).map((o) => o.status)).toEqual(['failed']);
    expect(await balance(t, user)).toBe(0);
  });
});
