import { calls, ErrorCode, GIFT_RULES } from '@starlit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildAdmin, buildAgent, buildUser } from '../../../test/factories.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { gifts, giftSends } from '../../db/schema/index.ts';
import { DEMO_GIFTS } from '../../seed/demo-catalogue.ts';

let t: TestServer;
let admin: SignedIn;
beforeAll(async () => {
  t = await startTestServer();
  admin = await buildAdmin(t);
  const now = Date.now();
  await t.starlit.database.db
    .insert(gifts)
    .values(DEMO_GIFTS.map((g, sort) => ({ key: g.key, priceKind: g.priceKind, price: g.price, freeUntil: g.freeDays ? new Date(now + g.freeDays * 86_400_000) : null, sort })));
});
afterAll(async () => {
  await t?.close();
});

const c = calls.gifts;
let keys = 0;
const newKey = () => `gk_${Date.now().toString(36)}_${keys++}`;
const grant = (user: SignedIn, currency: 'JE' | 'MSS', amount: number) =>
  t.starlit.services.ledger.within(undefined, (books) => books.move({ from: { system: 'bonus' }, to: { user: user.userId }, currency, amount, kind: 'bonus' }));
const balances = (as: SignedIn) => t.ok(calls.ledger.balances, {}, { as });
const db = () => t.starlit.database.db;
/** A public agent of a new owner, and its owner. */
async function ownedAgent() {
  const owner = await buildUser(t);
  return { owner, agent: await buildAgent(t, { owner, nickname: 'Nova' }) };
}

describe('the gift list', () => {
  it('answers every gift with its price now; signed in, the free gifts left today', async () => {
    const user = await buildUser(t);
    const anon = await t.ok(c.list, {});
    expect(anon.gifts.map((g) => g.key)).toEqual(['heart', 'lollipop', 'beer', 'finger_heart', 'rose', 'balloon', 'firework']);
    expect(anon.freeLeftToday).toBeNull();
    expect(anon.gifts.find((g) => g.key === 'lollipop')).toMatchObject({ priceKind: 'limited_free', cost: { currency: 'free', amount: 0 }, expired: false });
    expect(anon.gifts.find((g) => g.key === 'beer')?.cost).toEqual({ currency: 'MSS', amount: 20 });
    expect(anon.gifts.find((g) => g.key === 'rose')?.cost).toEqual({ currency: 'JE', amount: 52 });
    for (const who of [user, admin]) expect((await t.ok(c.list, {}, { as: who })).freeLeftToday).toBe(GIFT_RULES.freePerDay);
  });
});

describe('sending a gift', () => {
  it('charges diamonds to gift_revenue and credits the owner half, records it and tells the owner', async () => {
    const { owner, agent } = await ownedAgent();
    const fan = await buildUser(t);
    await grant(fan, 'JE', 200);
    const sent = await t.ok(c.send, { agentId: agent.id, giftKey: 'rose', count: 2, cost: { currency: 'JE', amount: 52 }, key: newKey() }, { as: fan });
    expect(sent).toMatchObject({ replayed: false, freeLeftToday: GIFT_RULES.freePerDay, send: { giftKey: 'rose', count: 2, cost: { currency: 'JE', amount: 52 }, sender: { userId: fan.userId } } });
    expect(await balances(fan)).toMatchObject({ JE: 200 - 104 });
    expect(await balances(owner)).toMatchObject({ JE: 52 });
    const [row] = await db().select().from(giftSends).where(eq(giftSends.id, sent.send.id));
    expect(row).toMatchObject({ ownerId: owner.userId, senderId: fan.userId, currency: 'JE', unitPrice: 52, ownerShare: 52 });
    const notices = await t.ok(calls.notices.interactList, {}, { as: owner });
    expect(notices.items[0]).toMatchObject({
      kind: 'gift',
      actor: { userId: fan.userId },
      targetType: 'agent',
      targetId: agent.id,
      title: `${fan.userName} sent your agent a gift`,
      content: `${fan.userName} sent Nova 2 × Rose`,
    });
    const zh = await t.ok(calls.notices.interactList, {}, { as: owner, lang: 'zh_TW' });
    expect(zh.items[0].content).toBe(`${fan.userName} 送給 Nova 玫瑰 × 2`);
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('charges points for a points gift and credits the owner half in points, rounded down', async () => {
    const { owner, agent } = await ownedAgent();
    const fan = await buildUser(t);
    await grant(fan, 'MSS', 30);
    await t.ok(c.send, { agentId: agent.id, giftKey: 'beer', key: newKey() }, { as: fan });
    expect(await balances(fan)).toMatchObject({ MSS: 10, JE: 0 });
    expect(await balances(owner)).toMatchObject({ MSS: 10 });
    const short = await t.call(c.send, { agentId: agent.id, giftKey: 'beer', key: newKey() }, { as: fan });
    expect(short.body).toMatchObject({ code: ErrorCode.LEDGER_INSUFFICIENT, message: 'Insufficient balance' });
    const rose = await t.call(c.send, { agentId: agent.id, giftKey: 'rose', key: newKey() }, { as: fan });
    expect(rose.body).toMatchObject({ code: ErrorCode.LEDGER_INSUFFICIENT_DIAMOND, message: 'Insufficient Diamond' });
    expect(await db().select().from(giftSends).where(eq(giftSends.agentId, agent.id))).toHaveLength(1);
  });

  it('sends free gifts until the daily limit; the limit is counted in gifts, not sends', async () => {
    const { owner, agent } = await ownedAgent();
    const fan = await buildUser(t);
    const first = await t.ok(c.send, { agentId: agent.id, giftKey: 'heart', count: 3, key: newKey() }, { as: fan });
    expect(first.freeLeftToday).toBe(GIFT_RULES.freePerDay - 3);
    expect((await t.call(c.send, { agentId: agent.id, giftKey: 'lollipop', count: 3, key: newKey() }, { as: fan })).body).toMatchObject({
      code: ErrorCode.GIFT_DAILY_LIMIT,
      message: 'Daily limit reached',
    });
    expect((await t.ok(c.send, { agentId: agent.id, giftKey: 'lollipop', count: 2, key: newKey() }, { as: fan })).freeLeftToday).toBe(0);
    const zh = await t.call(c.send, { agentId: agent.id, giftKey: 'heart', key: newKey() }, { as: fan, lang: 'zh_TW' });
    expect(zh.body).toMatchObject({ code: ErrorCode.GIFT_DAILY_LIMIT, message: '已達每日上限' });
    expect((await t.ok(c.list, {}, { as: fan })).freeLeftToday).toBe(0);
    // free gifts move nothing in the books
    expect(await balances(owner)).toEqual({ JE: 0, CAC: 0, CWA: 0, MSS: 0 });
  });

  it('lets exactly the daily limit through when eight free sends race', async () => {
    const { agent } = await ownedAgent();
    const fan = await buildUser(t);
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.call(c.send, { agentId: agent.id, giftKey: 'heart', key: newKey() }, { as: fan })));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(GIFT_RULES.freePerDay);
    expect(answers.filter((a) => a.body.code === ErrorCode.GIFT_DAILY_LIMIT)).toHaveLength(8 - GIFT_RULES.freePerDay);
    expect(await db().select().from(giftSends).where(eq(giftSends.senderId, fan.userId))).toHaveLength(GIFT_RULES.freePerDay);
  });

  it('sends once for one key sent four times at once, and refuses the key for another gift', async () => {
    const { owner, agent } = await ownedAgent();
    const fan = await buildUser(t);
    await grant(fan, 'JE', 100);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.ok(c.send, { agentId: agent.id, giftKey: 'finger_heart', key }, { as: fan })));
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.send.id)).size).toBe(1);
    expect((await t.call(c.send, { agentId: agent.id, giftKey: 'rose', key }, { as: fan })).body.code).toBe(ErrorCode.LEDGER_KEY_REUSED);
    expect(await balances(fan)).toMatchObject({ JE: 80 });
    expect(await balances(owner)).toMatchObject({ JE: 10 });
    const notices = await t.ok(calls.notices.interactList, {}, { as: owner });
    expect(notices.items.filter((n) => n.kind === 'gift')).toHaveLength(1);
  });

  it('answers the paid gift when the notice to the owner cannot be sent, so a retry does not pay again', async () => {
    const { owner, agent } = await ownedAgent();
    const fan = await buildUser(t);
    await grant(fan, 'JE', 52);
    const input = { agentId: agent.id, giftKey: 'rose' as const, cost: { currency: 'JE' as const, amount: 52 }, key: newKey() };
    const down = vi.spyOn(t.starlit.services.notices, 'sendInteract').mockRejectedValueOnce(new Error('notices down'));
    try {
      expect(await t.ok(c.send, input, { as: fan })).toMatchObject({ replayed: false, send: { giftKey: 'rose' } });
    } finally {
      down.mockRestore();
    }
    expect(await t.ok(c.send, input, { as: fan })).toMatchObject({ replayed: true });
    expect(await balances(fan)).toMatchObject({ JE: 0 });
    expect(await balances(owner)).toMatchObject({ JE: 26 });
  });

  it('names the agent in the records as it was when the gift was sent, not as it is now', async () => {
    const { owner, agent } = await ownedAgent();
    const fan = await buildUser(t);
    await grant(fan, 'JE', 52);
    await t.ok(c.send, { agentId: agent.id, giftKey: 'rose', key: newKey() }, { as: fan });
    await t.ok(calls.agents.update, { id: agent.id, nickname: 'Secret name', isPublic: false }, { as: owner });
    const [sent] = (await t.ok(calls.records.list, { kind: 'gift' }, { as: fan })).items;
    expect(sent.item).toBe('Rose sent to Nova');
    const [share] = (await t.ok(calls.records.list, { kind: 'gift_share' }, { as: owner })).items;
    expect(share.item).toBe('Your share of a rose sent to Nova');
  });

  it('answers "A gift must be selected before sending" without a gift, in both languages', async () => {
    const { agent } = await ownedAgent();
    const fan = await buildUser(t);
    expect((await t.call(c.send, { agentId: agent.id, key: newKey() }, { as: fan })).body).toMatchObject({ code: ErrorCode.GIFT_REQUIRED, message: 'A gift must be selected before sending' });
    expect((await t.call(c.send, { agentId: agent.id, giftKey: null, key: newKey() }, { as: fan, lang: 'zh_TW' })).body).toMatchObject({
      code: ErrorCode.GIFT_REQUIRED,
      message: '送出前請先選擇禮物',
    });
    expect((await t.call(c.send, { agentId: agent.id, giftKey: 'heart', count: 0, key: newKey() }, { as: fan })).body.code).toBe(ErrorCode.VALIDATION);
    expect((await t.call(c.send, { agentId: agent.id, giftKey: 'heart', count: 100, key: newKey() }, { as: fan })).body.code).toBe(ErrorCode.VALIDATION);
  });

  it('answers "Gift is Expired" for an expired gift, and a changed price instead of charging it', async () => {
    const { agent } = await ownedAgent();
    const fan = await buildUser(t);
    await grant(fan, 'JE', 600);
    await db()
      .update(gifts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(gifts.key, 'firework'));
    try {
      const listed = (await t.ok(c.list, {})).gifts.find((g) => g.key === 'firework');
      expect(listed?.expired).toBe(true);
      expect((await t.call(c.send, { agentId: agent.id, giftKey: 'firework', key: newKey() }, { as: fan })).body).toMatchObject({ code: ErrorCode.GIFT_EXPIRED, message: 'Gift is Expired' });
      expect((await t.call(c.send, { agentId: agent.id, giftKey: 'firework', key: newKey() }, { as: fan, lang: 'zh_TW' })).body.message).toBe('禮物已過期');
    } finally {
      await db().update(gifts).set({ expiresAt: null }).where(eq(gifts.key, 'firework'));
    }
    // the client showed another price than the gift has: nothing is charged
    const stale = await t.call(c.send, { agentId: agent.id, giftKey: 'balloon', cost: { currency: 'JE', amount: 50 }, key: newKey() }, { as: fan });
    expect(stale.body.code).toBe(ErrorCode.GIFT_PRICE_CHANGED);
    expect(await balances(fan)).toMatchObject({ JE: 600 });
  });

  it('charges diamonds for a limited-time free gift whose time is over', async () => {
    const { owner, agent } = await ownedAgent();
    const fan = await buildUser(t);
    await grant(fan, 'JE', 5);
    const { freeUntil } = (await db().select().from(gifts).where(eq(gifts.key, 'lollipop')))[0];
    await db()
      .update(gifts)
      .set({ freeUntil: new Date(Date.now() - 1000) })
      .where(eq(gifts.key, 'lollipop'));
    try {
      expect((await t.call(c.send, { agentId: agent.id, giftKey: 'lollipop', cost: { currency: 'free', amount: 0 }, key: newKey() }, { as: fan })).body.code).toBe(ErrorCode.GIFT_PRICE_CHANGED);
      expect((await t.ok(c.send, { agentId: agent.id, giftKey: 'lollipop', cost: { currency: 'JE', amount: 5 }, key: newKey() }, { as: fan })).freeLeftToday).toBe(GIFT_RULES.freePerDay);
    } finally {
      await db().update(gifts).set({ freeUntil }).where(eq(gifts.key, 'lollipop'));
    }
    expect(await balances(fan)).toMatchObject({ JE: 0 });
    expect(await balances(owner)).toMatchObject({ JE: 2 });
  });

  it('counts a limited-time gift priced 0 after its time as a free gift, against the daily limit', async () => {
    const { agent } = await ownedAgent();
    const fan = await buildUser(t);
    const [before] = await db().select().from(gifts).where(eq(gifts.key, 'lollipop'));
    await db()
      .update(gifts)
      .set({ freeUntil: new Date(Date.now() - 1000), price: 0 })
      .where(eq(gifts.key, 'lollipop'));
    try {
      expect((await t.ok(c.list, {})).gifts.find((g) => g.key === 'lollipop')?.cost).toEqual({ currency: 'free', amount: 0 });
      const sent = await t.ok(c.send, { agentId: agent.id, giftKey: 'lollipop', count: GIFT_RULES.freePerDay, cost: { currency: 'free', amount: 0 }, key: newKey() }, { as: fan });
      expect(sent).toMatchObject({ freeLeftToday: 0, send: { cost: { currency: 'free', amount: 0 } } });
      expect((await t.call(c.send, { agentId: agent.id, giftKey: 'lollipop', key: newKey() }, { as: fan })).body.code).toBe(ErrorCode.GIFT_DAILY_LIMIT);
    } finally {
      await db().update(gifts).set({ freeUntil: before.freeUntil, price: before.price }).where(eq(gifts.key, 'lollipop'));
    }
  });

  it('refuses gifts across a block either way, to your own agent, and to an agent you cannot see', async () => {
    const { owner, agent } = await ownedAgent();
    const [fan, stranger] = await Promise.all([buildUser(t), buildUser(t)]);
    await t.ok(calls.social.block, { userId: fan.userId }, { as: owner });
    expect((await t.call(c.send, { agentId: agent.id, giftKey: 'heart', key: newKey() }, { as: fan })).body.code).toBe(ErrorCode.SOCIAL_BLOCKED);
    await t.ok(calls.social.unblock, { userId: fan.userId }, { as: owner });
    await t.ok(calls.social.block, { userId: owner.userId }, { as: fan });
    expect((await t.call(c.send, { agentId: agent.id, giftKey: 'heart', key: newKey() }, { as: fan })).body.code).toBe(ErrorCode.SOCIAL_BLOCKED);
    expect((await t.call(c.send, { agentId: agent.id, giftKey: 'heart', key: newKey() }, { as: owner })).body).toMatchObject({ code: ErrorCode.GIFT_OWN_AGENT });
    const hidden = await buildAgent(t, { owner, isPublic: false });
    for (const who of [stranger, admin]) expect((await t.call(c.send, { agentId: hidden.id, giftKey: 'heart', key: newKey() }, { as: who })).body.code).toBe(ErrorCode.AGENT_NOT_FOUND);
    expect((await t.call(c.send, { agentId: agent.id, giftKey: 'heart', key: newKey() })).status).toBe(401);
    expect(await db().select().from(giftSends).where(eq(giftSends.ownerId, owner.userId))).toHaveLength(0);
  });

  it('answers a replay with the first send after a block or the agent going private, and refuses new sends', async () => {
    const { owner, agent } = await ownedAgent();
    const fan = await buildUser(t);
    await grant(fan, 'JE', 100);
    const input = { agentId: agent.id, giftKey: 'finger_heart' as const, cost: { currency: 'JE' as const, amount: 20 }, key: newKey() };
    const first = await t.ok(c.send, input, { as: fan });
    await t.ok(calls.social.block, { userId: fan.userId }, { as: owner });
    expect(await t.ok(c.send, input, { as: fan })).toMatchObject({ replayed: true, send: { id: first.send.id } });
    expect((await t.call(c.send, { ...input, key: newKey() }, { as: fan })).body.code).toBe(ErrorCode.SOCIAL_BLOCKED);
    await t.ok(calls.social.unblock, { userId: fan.userId }, { as: owner });
    await t.ok(calls.agents.update, { id: agent.id, isPublic: false }, { as: owner });
    expect(await t.ok(c.send, input, { as: fan })).toMatchObject({ replayed: true, send: { id: first.send.id } });
    expect((await t.call(c.send, { ...input, key: newKey() }, { as: fan })).body.code).toBe(ErrorCode.AGENT_NOT_FOUND);
    expect(await balances(fan)).toMatchObject({ JE: 80 });
  });

  it('answers "Send gift failed" for anything unforeseen, in both languages', async () => {
    const { agent } = await ownedAgent();
    const fan = await buildUser(t);
    const broken = vi.spyOn(t.starlit.services.ledger, 'run').mockRejectedValue(new Error('database gone'));
    try {
      expect((await t.call(c.send, { agentId: agent.id, giftKey: 'heart', key: newKey() }, { as: fan })).body).toMatchObject({ code: ErrorCode.GIFT_SEND_FAILED, message: 'Send gift failed' });
      expect((await t.call(c.send, { agentId: agent.id, giftKey: 'heart', key: newKey() }, { as: fan, lang: 'zh_TW' })).body.code).toBe(ErrorCode.GIFT_SEND_FAILED);
    } finally {
      broken.mockRestore();
    }
  });

  it('lets an admin send gifts as anyone does', async () => {
    const { agent } = await ownedAgent();
    expect(await t.ok(c.send, { agentId: agent.id, giftKey: 'heart', key: newKey() }, { as: admin })).toMatchObject({ replayed: false });
  });
});

describe('the gift wall and leaderboard', () => {
  it('shows the latest gifts with senders and ranks givers by diamonds, then points, then gifts', async () => {
    const { owner, agent } = await ownedAgent();
    const [a, b, cc, blocker] = await Promise.all([buildUser(t), buildUser(t), buildUser(t), buildUser(t)]);
    await Promise.all([grant(a, 'JE', 20), grant(b, 'MSS', 40), grant(blocker, 'JE', 600)]);
    await t.ok(c.send, { agentId: agent.id, giftKey: 'heart', count: 4, key: newKey() }, { as: cc });
    await t.ok(c.send, { agentId: agent.id, giftKey: 'beer', count: 2, key: newKey() }, { as: b });
    await t.ok(c.send, { agentId: agent.id, giftKey: 'finger_heart', key: newKey() }, { as: a });
    await t.ok(c.send, { agentId: agent.id, giftKey: 'firework', key: newKey() }, { as: blocker });
    await t.ok(calls.social.block, { userId: owner.userId }, { as: blocker });
    for (const who of [undefined, a, admin]) {
      const wall = await t.ok(c.wall, { agentId: agent.id }, { as: who });
      expect(wall.items.map((i) => [i.sender.userName, i.giftKey, i.count])).toEqual([
        [blocker.userName, 'firework', 1],
        [a.userName, 'finger_heart', 1],
        [b.userName, 'beer', 2],
        [cc.userName, 'heart', 4],
      ]);
    }
    const board = await t.ok(c.leaderboard, { agentId: agent.id });
    expect(board.items.map((i) => [i.sender.userName, i.diamonds, i.points, i.gifts])).toEqual([
      [blocker.userName, 520, 0, 1],
      [a.userName, 20, 0, 1],
      [b.userName, 0, 40, 2],
      [cc.userName, 0, 0, 4],
    ]);
    // across a block the other person's gifts are not shown
    const ownersWall = await t.ok(c.wall, { agentId: agent.id }, { as: owner });
    expect(ownersWall.items.map((i) => i.sender.userName)).not.toContain(blocker.userName);
    const ownersBoard = await t.ok(c.leaderboard, { agentId: agent.id }, { as: owner });
    expect(ownersBoard.items.map((i) => i.sender.userName)).toEqual([a.userName, b.userName, cc.userName]);
  });

  it('shows the gifts of an agent made private only to its owner', async () => {
    const { owner, agent } = await ownedAgent();
    const fan = await buildUser(t);
    await grant(fan, 'JE', 52);
    await t.ok(c.send, { agentId: agent.id, giftKey: 'rose', key: newKey() }, { as: fan });
    await t.ok(c.send, { agentId: agent.id, giftKey: 'heart', key: newKey() }, { as: fan });
    await t.ok(calls.agents.update, { id: agent.id, isPublic: false }, { as: owner });
    expect((await t.ok(c.wall, { agentId: agent.id }, { as: owner })).items.map((i) => i.giftKey)).toEqual(['heart', 'rose']);
    expect((await t.ok(c.leaderboard, { agentId: agent.id }, { as: owner })).items.map((i) => i.sender.userId)).toEqual([fan.userId]);
    for (const who of [undefined, fan, await buildUser(t), admin]) {
      const wall = await t.call(c.wall, { agentId: agent.id }, { as: who });
      expect(wall.body).toMatchObject({ code: ErrorCode.AGENT_NOT_FOUND });
      expect(wall.body).not.toHaveProperty('data.items');
      expect((await t.call(c.leaderboard, { agentId: agent.id }, { as: who })).body).toMatchObject({ code: ErrorCode.AGENT_NOT_FOUND });
    }
  });
});

describe('the books', () => {
  it('are clean after every gift', async () => {
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });
});
