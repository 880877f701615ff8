import { calls, couponPrice, ErrorCode, MIN_CHARGE_MINOR, RECHARGE_AGREEMENT_VERSION, STARTER_COUPON } from '@starlit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rechargeOrders, rechargePackages, starterCoupons } from '../../db/schema/index.ts';
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, startFakeStripe } from '../../../test/fake-stripe.ts';
import { buildAdmin, buildUser } from '../../../test/factories.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { CHECKOUT_LIFETIME_MINUTES } from './payment-provider.ts';
import { STRIPE_WEBHOOK_PATH } from './recharge.routes.ts';

const c = calls.recharge;
let keys = 0;
const buy = (packageId = 'p300', useCoupon = true, requestKey = `cp_${Date.now().toString(36)}_${keys++}`) => ({
  packageId,
  agreementVersion: RECHARGE_AGREEMENT_VERSION,
  adult: true,
  requestKey,
  useCoupon,
});
const balance = async (t: TestServer, user: SignedIn) => (await t.ok(calls.ledger.balances, {}, { as: user })).JE;
const couponRows = (t: TestServer, user: SignedIn) => t.starlit.database.db.select().from(starterCoupons).where(eq(starterCoupons.userId, user.userId));

describe('the starter coupon with the demo provider', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is offered to a new person, claimed once, and refused to visitors', async () => {
    const user = await buildUser(t);
    expect((await t.call(c.coupon, {})).status).toBe(401);
    expect((await t.call(c.claimCoupon, {})).status).toBe(401);
    expect(await t.ok(c.coupon, {}, { as: user })).toEqual({ status: 'available', couponId: null, percentOff: STARTER_COUPON.percentOff });
    const claimed = await t.ok(c.claimCoupon, {}, { as: user });
    expect(claimed).toMatchObject({ status: 'claimed', couponId: expect.any(String) });
    const again = await t.call(c.claimCoupon, {}, { as: user });
    expect(again.body).toMatchObject({ code: ErrorCode.COUPON_ALREADY_CLAIMED, message: 'You have already claimed the starter pack coupon' });
    const zh = await t.call(c.claimCoupon, {}, { as: user, lang: 'zh_TW' });
    expect(zh.body.message).toBe('你已領取過新手禮包優惠券');
    // another person and an admin see their own coupon, not this one
    const [other, admin] = await Promise.all([buildUser(t), buildAdmin(t)]);
    expect((await t.ok(c.coupon, {}, { as: other })).status).toBe('available');
    expect((await t.ok(c.coupon, {}, { as: admin })).status).toBe('available');
  });

  it('gives one coupon to claims racing at once', async () => {
    const user = await buildUser(t);
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.call(c.claimCoupon, {}, { as: user })));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === ErrorCode.COUPON_ALREADY_CLAIMED)).toHaveLength(4);
    expect(await couponRows(t, user)).toHaveLength(1);
  });

  it('lowers the price of one recharge, records it on the order, and is spent', async () => {
    const user = await buildUser(t);
    const refused = await t.call(c.create, buy(), { as: user });
    expect(refused.body.code).toBe(ErrorCode.COUPON_NOT_AVAILABLE);
    await t.ok(c.claimCoupon, {}, { as: user });
    const made = await t.ok(c.create, buy('p300'), { as: user });
    expect(made.order).toMatchObject({ status: 'paid', diamonds: 300, bonus: 30, priceMinor: couponPrice(499), discountMinor: 499 - couponPrice(499), couponId: expect.any(String) });
    expect(couponPrice(499)).toBe(349);
    expect(await balance(t, user)).toBe(330);
    expect((await t.ok(c.coupon, {}, { as: user })).status).toBe('spent');
    // spent: a second recharge with it is refused and pays nothing; without it, the full price
    expect((await t.call(c.create, buy('p60'), { as: user })).body.code).toBe(ErrorCode.COUPON_NOT_AVAILABLE);
    expect((await t.ok(c.create, buy('p60', false), { as: user })).order).toMatchObject({ priceMinor: 99, discountMinor: 0, couponId: null });
    expect(await balance(t, user)).toBe(390);
    // the buyer's records say which recharge the coupon paid for
    const records = (await t.ok(calls.records.list, { kind: 'recharge' }, { as: user })).items.map((r) => r.item);
    expect(records).toEqual(['Diamond package p60', 'Diamond package p300 (starter pack coupon: 30% off)']);
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('is spent once by a double click, and by two purchases racing with different keys', async () => {
    const user = await buildUser(t);
    await t.ok(c.claimCoupon, {}, { as: user });
    const input = buy('p300');
    const clicks = await Promise.all([t.ok(c.create, input, { as: user }), t.ok(c.create, input, { as: user }), t.ok(c.create, input, { as: user })]);
    expect(new Set(clicks.map((a) => a.order.orderId)).size).toBe(1);
    const second = await buildUser(t);
    await t.ok(c.claimCoupon, {}, { as: second });
    const racing = await Promise.all([t.call(c.create, buy('p300'), { as: second }), t.call(c.create, buy('p980'), { as: second })]);
    expect(racing.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(racing.filter((r) => r.body.code === ErrorCode.COUPON_NOT_AVAILABLE)).toHaveLength(1);
    const orders = await t.starlit.database.db.select().from(rechargeOrders).where(eq(rechargeOrders.userId, second.userId));
    expect(orders).toHaveLength(1);
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('never lowers a price below the least charge, and packages cost at least that', async () => {
    const admin = await buildAdmin(t);
    const save = (priceMinor: number) => t.call(calls.economyAdmin.savePackage, { packageId: 'p60', diamonds: 60, bonus: 0, priceMinor, active: true }, { as: admin });
    expect((await save(MIN_CHARGE_MINOR - 1)).body.code).toBe(ErrorCode.VALIDATION);
    expect((await save(MIN_CHARGE_MINOR)).body.code).toBe(0);
    const user = await buildUser(t);
    await t.ok(c.claimCoupon, {}, { as: user });
    expect((await t.ok(c.create, buy('p60'), { as: user })).order).toMatchObject({ status: 'paid', priceMinor: MIN_CHARGE_MINOR, discountMinor: 0 });
    // a package priced below the least before there was one is never free with the coupon
    await t.starlit.database.db.update(rechargePackages).set({ priceMinor: 1 }).where(eq(rechargePackages.id, 'p60'));
    const other = await buildUser(t);
    await t.ok(c.claimCoupon, {}, { as: other });
    expect((await t.ok(c.create, buy('p60'), { as: other })).order).toMatchObject({ status: 'paid', priceMinor: 1, discountMinor: 0 });
    expect(await balance(t, other)).toBe(60);
    expect((await save(99)).body.code).toBe(0);
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('is not for someone who has recharged already', async () => {
    const user = await buildUser(t);
    await t.ok(c.create, buy('p60', false), { as: user });
    expect((await t.ok(c.coupon, {}, { as: user })).status).toBe('ineligible');
    expect((await t.call(c.claimCoupon, {}, { as: user })).body.code).toBe(ErrorCode.COUPON_NOT_ELIGIBLE);
    expect(await couponRows(t, user)).toHaveLength(0);
  });
});

describe('the starter coupon through Stripe Checkout', () => {
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

  it('asks Stripe for the lowered price and spends the coupon once when the webhook comes twice', async () => {
    const user = await buildUser(t);
    await t.ok(c.claimCoupon, {}, { as: user });
    const made = await t.ok(c.create, buy('p980'), { as: user });
    const [order] = await t.starlit.database.db.select().from(rechargeOrders).where(eq(rechargeOrders.id, made.order.orderId));
    const sessionId = order.providerRef as string;
    expect(stripe.sessions.get(sessionId)).toMatchObject({ amount_total: couponPrice(1499) });
    // pending: the coupon is on the order, not yet spent, and no other order may take it
    expect((await t.ok(c.coupon, {}, { as: user })).status).toBe('claimed');
    expect((await t.call(c.create, buy('p60'), { as: user })).body.code).toBe(ErrorCode.COUPON_NOT_AVAILABLE);
    stripe.pay(sessionId);
    const delivery = stripe.event('checkout.session.completed', sessionId);
    await Promise.all([deliver(delivery), deliver(delivery)]);
    expect(await balance(t, user)).toBe(1090);
    expect((await t.ok(c.coupon, {}, { as: user })).status).toBe('spent');
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  /** An order as if made `minutes` ago: older than the checkout lifetime, its coupon may move once Stripe has settled it. */
  const age = (orderId: string, minutes: number) =>
    t.starlit.database.db
      .update(rechargeOrders)
      .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(rechargeOrders.id, orderId));
  const sessionOf = async (orderId: string) => (await t.starlit.database.db.select().from(rechargeOrders).where(eq(rechargeOrders.id, orderId)))[0].providerRef as string;

  it('makes Checkout Sessions that expire after the checkout lifetime', async () => {
    const user = await buildUser(t);
    const made = await t.ok(c.create, buy('p300', false), { as: user });
    const session = stripe.sessions.get(await sessionOf(made.order.orderId));
    expect((session?.expires_at ?? 0) - (session?.created ?? 0)).toBeGreaterThanOrEqual(CHECKOUT_LIFETIME_MINUTES * 60);
    expect((session?.expires_at ?? 0) - (session?.created ?? 0)).toBeLessThanOrEqual(CHECKOUT_LIFETIME_MINUTES * 60 + 5);
  });

  it('credits a stale order paid at Stripe before its coupon could move: one discounted recharge', async () => {
    const user = await buildUser(t);
    await t.ok(c.claimCoupon, {}, { as: user });
    const first = await t.ok(c.create, buy('p980'), { as: user });
    const sessionId = await sessionOf(first.order.orderId);
    // paid at Stripe; the webhook is late
    stripe.pay(sessionId);
    // a day and more: stale however long a checkout lives
    await age(first.order.orderId, 25 * 60);
    expect((await t.call(c.create, buy('p300'), { as: user })).body.code).toBe(ErrorCode.COUPON_NOT_AVAILABLE);
    expect(await t.ok(c.order, { orderId: first.order.orderId }, { as: user })).toMatchObject({ status: 'paid', couponId: expect.any(String) });
    expect((await t.ok(c.coupon, {}, { as: user })).status).toBe('spent');
    expect((await deliver(stripe.event('checkout.session.completed', sessionId))).statusCode).toBe(200);
    expect(await balance(t, user)).toBe(1090);
    const orders = await t.starlit.database.db.select().from(rechargeOrders).where(eq(rechargeOrders.userId, user.userId));
    expect(orders.filter((o) => o.status === 'paid' && o.discountMinor > 0)).toHaveLength(1);
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('expires a stale unpaid checkout at Stripe and marks it failed before its coupon moves', async () => {
    const user = await buildUser(t);
    await t.ok(c.claimCoupon, {}, { as: user });
    const first = await t.ok(c.create, buy('p980'), { as: user });
    const oldSession = await sessionOf(first.order.orderId);
    // not yet stale: the buyer may be paying it now
    expect((await t.call(c.create, buy('p300'), { as: user })).body.code).toBe(ErrorCode.COUPON_NOT_AVAILABLE);
    expect(stripe.sessions.get(oldSession)?.status).toBe('open');
    await age(first.order.orderId, CHECKOUT_LIFETIME_MINUTES + 1);
    const second = await t.ok(c.create, buy('p300'), { as: user });
    expect(second.order).toMatchObject({ status: 'pending', couponId: expect.any(String), priceMinor: couponPrice(499) });
    expect(stripe.sessions.get(oldSession)?.status).toBe('expired');
    expect(() => stripe.pay(oldSession)).toThrow();
    expect(await t.ok(c.order, { orderId: first.order.orderId }, { as: user })).toMatchObject({ status: 'failed', couponId: null });
    const newSession = await sessionOf(second.order.orderId);
    stripe.pay(newSession);
    expect((await deliver(stripe.event('checkout.session.completed', newSession))).statusCode).toBe(200);
    expect(await balance(t, user)).toBe(330);
    expect((await t.ok(c.coupon, {}, { as: user })).status).toBe('spent');
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('frees the coupon of an order whose checkout could not start', async () => {
    const user = await buildUser(t);
    await t.ok(c.claimCoupon, {}, { as: user });
    stripe.failNext(3);
    expect((await t.call(c.create, buy('p300'), { as: user })).body.code).toBe(ErrorCode.RECHARGE_PROVIDER_FAILED);
    const [coupon] = await couponRows(t, user);
    expect(coupon.orderId).toBeNull();
    const made = await t.ok(c.create, buy('p300'), { as: user });
    expect(made.order).toMatchObject({ status: 'pending', priceMinor: couponPrice(499) });
  });

  it('answers a failed checkout again to its key, without the coupon it freed; a new key makes a new order', async () => {
    const user = await buildUser(t);
    await t.ok(c.claimCoupon, {}, { as: user });
    const input = buy('p300');
    stripe.failNext(3);
    expect((await t.call(c.create, input, { as: user })).body.code).toBe(ErrorCode.RECHARGE_PROVIDER_FAILED);
    // the retry of the same request is not a success: it is told the checkout failed
    const again = await t.call(c.create, input, { as: user });
    expect(again.body).toMatchObject({ code: ErrorCode.RECHARGE_PROVIDER_FAILED, data: null });
    const [failed] = await t.starlit.database.db.select().from(rechargeOrders).where(eq(rechargeOrders.userId, user.userId));
    expect(await t.ok(c.order, { orderId: failed.id }, { as: user })).toMatchObject({ status: 'failed', couponId: null });
    const made = await t.ok(c.create, buy('p300'), { as: user });
    expect(made.order).toMatchObject({ status: 'pending', couponId: expect.any(String) });
    expect(made.checkoutUrl).toEqual(expect.any(String));
  });
});
