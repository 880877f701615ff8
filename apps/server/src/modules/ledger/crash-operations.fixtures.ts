import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { calls, RECHARGE_AGREEMENT_VERSION } from '@starlit/contract';
import { openDatabase } from '../../db/client.ts';
import { agents, gifts, storeItems } from '../../db/schema/index.ts';
import { DEMO_GIFTS } from '../../seed/demo-catalogue.ts';
import { STRIPE_WEBHOOK_PATH } from '../recharge/recharge.routes.ts';
import { type Person, post, type Stripe } from './crash-server.fixtures.ts';

// The money operations of the crash test (crash.test.ts), what they need in the database, and
// the storm of them that runs until the server is killed.

/** Store items (cheap, so purchases rarely run out of diamonds); each can be owned once per person. */
const ITEMS = 60;

export const key = () => `crash_${randomBytes(8).toString('hex')}`;

interface Purchase {
  who: Person;
  itemIds: string[];
  key: string;
  /** The answer, when one came before the kill. */
  first?: { code: number; orderId?: string };
}

export interface World {
  origin: string;
  stripe: Stripe;
  people: Person[];
  codes: string[];
  items: string[];
  /** Each person's published agent, in the order of `people`. */
  agents: string[];
  purchases: Purchase[];
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

/** Two or three store items at once, all or nothing; remembered so their keys are sent again after the restart. */
async function purchase(w: World, who: Person) {
  const itemIds = [...new Set(Array.from({ length: 2 + Math.floor(Math.random() * 2) }, () => pick(w.items)))];
  const p: Purchase = { who, itemIds, key: key() };
  w.purchases.push(p);
  const answer = await post(w.origin, calls.store.buy, { itemIds, key: p.key }, who);
  p.first = { code: answer.code, orderId: answer.code === 0 ? answer.data.orderId : undefined };
}

/** A gift to another person's agent: a free heart (until the day's limit) or one paid in diamonds, with the owner's share. */
async function gift(w: World, who: Person) {
  const others = w.agents.filter((_, i) => w.people[i] !== who);
  const giftKey = pick(['heart', 'finger_heart', 'rose'] as const);
  return post(w.origin, calls.gifts.send, { agentId: pick(others), giftKey, count: 1 + Math.floor(Math.random() * 2), key: key() }, who);
}

/** A skill for one's own agent: a period (bought again, a renewal) or for good (once). */
async function skill(w: World, who: Person) {
  const agentId = w.agents[w.people.indexOf(who)];
  return post(w.origin, calls.agents.buySkill, { id: agentId, skill: pick(['TextToImage', 'ImageToImage', 'TextToMusic', 'AIDance'] as const), key: key() }, who);
}

/** Delivers Stripe's webhook for a paid session, as Stripe would (and does again after a failure). */
export async function deliver(w: World, sessionId: string) {
  const event = w.stripe.event('checkout.session.completed', sessionId);
  await fetch(`${w.origin}${STRIPE_WEBHOOK_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, body: event.payload });
}

/** A recharge paid through Stripe: the order, the buyer paying, the webhook twice at once and the buyer's return. */
export async function recharge(w: World, who: Person, packageId = 'p300') {
  const made = await post(w.origin, calls.recharge.create, { packageId, agreementVersion: RECHARGE_AGREEMENT_VERSION, adult: true, requestKey: key() }, who);
  if (made.code !== 0) return;
  const sessionId = [...w.stripe.sessions.values()].find((s) => s.client_reference_id === made.data.order.orderId)?.id;
  if (!sessionId) return;
  w.stripe.pay(sessionId);
  await Promise.all([deliver(w, sessionId), deliver(w, sessionId), post(w.origin, calls.recharge.order, { orderId: made.data.order.orderId }, who)]);
}

/**
 * The money operations a person makes at random until the server dies. Each leaves its trace in
 * the books; WHOLE_OR_ABSENT (crash-checks.fixtures.ts) finds any trace of one half done.
 */
export const OPERATIONS: Array<(w: World, who: Person) => Promise<unknown>> = [
  recharge,
  (w, who) => post(w.origin, calls.exchange.exchange, { target: 'CAC', diamonds: 1 + Math.floor(Math.random() * 3), key: key() }, who),
  (w, who) => post(w.origin, calls.exchange.exchange, { target: 'CWA', diamonds: 1, key: key() }, who),
  (w, who) => post(w.origin, calls.redeem.redeem, { code: w.codes[Math.floor(Math.random() * w.codes.length)] }, who),
  purchase,
  purchase,
  gift,
  gift,
  skill,
];

/**
 * What the store, gifts and skills need that no call makes, written while the server is stopped
 * (PGlite allows one process): store items, the gifts, and a published agent per person.
 * Answers the items' and agents' ids.
 */
export async function stock(dataDir: string, databaseUrl: string | null, people: Person[]) {
  const database = await openDatabase({ databaseUrl, pgliteDir: databaseUrl ? null : path.join(dataDir, 'db') });
  try {
    const { db } = database;
    const items = await db
      .insert(storeItems)
      .values(
        Array.from({ length: ITEMS }, (_, i) => ({
          category: 'Clothing' as const,
          nameEn: `Item ${i}`,
          nameZhTw: `商品 ${i}`,
          price: 1 + (i % 4),
          currency: 'JE' as const,
          cover: '/media/crash.webp',
          sort: i,
        })),
      )
      .returning({ id: storeItems.id });
    const now = Date.now();
    await db
      .insert(gifts)
      .values(DEMO_GIFTS.map((g, sort) => ({ key: g.key, priceKind: g.priceKind, price: g.price, freeUntil: g.freeDays ? new Date(now + g.freeDays * 86_400_000) : null, sort })))
      .onConflictDoNothing();
    const made = await db
      .insert(agents)
      .values(people.map((p, i) => ({ ownerId: p.userId, nickname: `Crash${i}`, roleSetting: 'A test agent.', isPublic: true, publishedAt: new Date() })))
      .returning({ id: agents.id, ownerId: agents.ownerId });
    return { items: items.map((r) => r.id), agents: people.map((p) => made.find((a) => a.ownerId === p.userId)?.id ?? '') };
  } finally {
    await database.close();
  }
}

/**
 * `clients` people-at-a-keyboard making random operations until `stopped()` says the server is
 * gone; answers how many finished and how many the kill cut in flight.
 */
export async function storm(w: World, clients: number, stopped: () => boolean): Promise<{ finished: number; cut: number }> {
  let finished = 0;
  let cut = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      while (!stopped()) {
        const op = OPERATIONS[Math.floor(Math.random() * OPERATIONS.length)];
        try {
          await op(w, w.people[i % w.people.length]);
          finished++;
        } catch {
          // the server died under this request: whatever it did is whole or absent
          cut++;
          return;
        }
      }
    }),
  );
  return { finished, cut };
}
