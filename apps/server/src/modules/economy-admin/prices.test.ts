import { calls, ErrorCode, type RecordKind } from '@starlit/contract';
import type { z } from 'zod';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildAgent, buildDraftAgent, buildUser, buildVoice } from '../../../test/factories.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';
import { gifts } from '../../db/schema/index.ts';
import { DEMO_GIFTS } from '../../seed/demo-catalogue.ts';

let t: TestServer;
let admin: SignedIn;
beforeAll(async () => {
  t = await startTestServer();
  admin = await buildAdmin(t);
  await t.starlit.database.db.insert(gifts).values(DEMO_GIFTS.map((g, sort) => ({ key: g.key, priceKind: g.priceKind, price: g.price, sort })));
});
afterAll(async () => {
  await t?.close();
});

const c = calls.economyAdmin;
let keys = 0;
const newKey = () => `pk_${Date.now().toString(36)}_${keys++}`;
const grant = (user: SignedIn, amount: number) =>
  t.starlit.services.ledger.within(undefined, (books) => books.move({ from: { system: 'bonus' }, to: { user: user.userId }, currency: 'JE', amount, kind: 'bonus' }));
const diamonds = async (user: SignedIn) => (await t.ok(calls.ledger.balances, {}, { as: user })).JE;
const records = async (user: SignedIn, kind: z.infer<typeof RecordKind>) => (await t.ok(calls.records.list, { kind }, { as: user })).items.map((r) => r.amount);
const DAY = 86_400_000;

describe('prices in the admin economy console', () => {
  it('answers every price call to admins only: visitors 401, users 403, and a refused save changes nothing', async () => {
    const user = await buildUser(t);
    const voice = await buildVoice(t, { priceDiamonds: 40 });
    const inputs = [
      [c.skills, {}],
      [c.saveSkill, { skill: 'TextToImage', priceDiamonds: 1, usageDays: 1 }],
      [c.voices, {}],
      [c.saveVoice, { voiceId: voice.id, priceDiamonds: 1 }],
      [c.gifts, {}],
      [c.saveGift, { giftKey: 'rose', priceKind: 'diamonds', price: 1, freeUntil: null, expiresAt: null }],
    ] as const;
    for (const [call, input] of inputs) {
      expect((await t.call(call.path, input)).status, call.path).toBe(401);
      expect((await t.call(call.path, input, { as: user })).status, call.path).toBe(403);
    }
    expect((await t.ok(c.skills, {}, { as: admin })).find((s) => s.skill === 'TextToImage')).toEqual({ skill: 'TextToImage', priceDiamonds: 30, usageDays: 30 });
    expect((await t.ok(c.voices, {}, { as: admin })).find((v) => v.voiceId === voice.id)?.priceDiamonds).toBe(40);
    expect((await t.ok(c.gifts, {}, { as: admin })).find((g) => g.giftKey === 'rose')).toMatchObject({ priceKind: 'diamonds', price: 52 });
  });

  it("edits a skill's price and period: the next purchase pays the new price for the new period, past ones keep theirs", async () => {
    const owner = await buildUser(t);
    const agent = await buildDraftAgent(t, owner);
    await grant(owner, 200);
    await t.ok(calls.agents.buySkill, { id: agent.id, skill: 'ImageToImage', key: newKey() }, { as: owner });
    const saved = await t.ok(c.saveSkill, { skill: 'ImageToImage', priceDiamonds: 55, usageDays: 7 }, { as: admin });
    expect(saved.find((s) => s.skill === 'ImageToImage')).toEqual({ skill: 'ImageToImage', priceDiamonds: 55, usageDays: 7 });
    expect((await t.ok(calls.agents.skills, {})).items.find((s) => s.key === 'ImageToImage')).toEqual({ key: 'ImageToImage', priceDiamonds: 55, usageDays: 7 });
    const before = await t.ok(calls.agents.get, { id: agent.id }, { as: owner });
    // an owner still shown the old price or period is refused and charged nothing
    for (const shown of [
      { priceDiamonds: 40, usageDays: 30 },
      { priceDiamonds: 55, usageDays: 30 },
    ]) {
      const stale = await t.call(calls.agents.buySkill, { id: agent.id, skill: 'ImageToImage', key: newKey(), shown }, { as: owner, lang: 'zh_TW' });
      expect(stale.body).toMatchObject({ code: ErrorCode.PRICE_CHANGED, message: '價格已變更，請確認新價格後再試' });
    }
    expect(await diamonds(owner)).toBe(160);
    const renewed = await t.ok(calls.agents.buySkill, { id: agent.id, skill: 'ImageToImage', key: newKey(), shown: { priceDiamonds: 55, usageDays: 7 } }, { as: owner });
    expect(renewed.priceDiamonds).toBe(55);
    const previous = Date.parse(before.skillTerms.find((s) => s.key === 'ImageToImage')?.expiresAt ?? '');
    expect(Date.parse(renewed.expiresAt ?? '') - previous).toBe(7 * DAY);
    expect(await diamonds(owner)).toBe(200 - 40 - 55);
    expect(await records(owner, 'skill_purchase')).toEqual([-55, -40]);

    // permanent (null), then free (0): bought for good without a movement
    await t.ok(c.saveSkill, { skill: 'TextToMusic', priceDiamonds: 0, usageDays: null }, { as: admin });
    const free = await t.ok(calls.agents.buySkill, { id: agent.id, skill: 'TextToMusic', key: newKey() }, { as: owner });
    expect(free).toMatchObject({ priceDiamonds: 0, expiresAt: null });
    expect(await diamonds(owner)).toBe(105);

    await t.ok(c.saveSkill, { skill: 'ImageToImage', priceDiamonds: 40, usageDays: 30 }, { as: admin });
    await t.ok(c.saveSkill, { skill: 'TextToMusic', priceDiamonds: 60, usageDays: 90 }, { as: admin });
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('refuses a skill price or period out of range, in the reader’s language, and changes nothing', async () => {
    for (const bad of [
      { skill: 'AIDance', priceDiamonds: -1, usageDays: null },
      { skill: 'AIDance', priceDiamonds: 1_000_001, usageDays: null },
      { skill: 'AIDance', priceDiamonds: 1.5, usageDays: null },
      { skill: 'AIDance', priceDiamonds: 10, usageDays: 0 },
      { skill: 'AIDance', priceDiamonds: 10, usageDays: 3651 },
      { skill: 'Juggling', priceDiamonds: 10, usageDays: null },
    ]) {
      expect((await t.call(c.saveSkill, bad as never, { as: admin })).body.code, JSON.stringify(bad)).toBe(ErrorCode.VALIDATION);
    }
    expect((await t.ok(c.skills, {}, { as: admin })).find((s) => s.skill === 'AIDance')).toEqual({ skill: 'AIDance', priceDiamonds: 200, usageDays: null });
  });

  it("edits an official voice's price: buyers pay the new one, 0 makes it free, owners keep theirs", async () => {
    const [early, late] = await Promise.all([buildUser(t), buildUser(t)]);
    const voice = await buildVoice(t, { name: 'Lyra', priceDiamonds: 80 });
    await Promise.all([grant(early, 200), grant(late, 200)]);
    await t.ok(calls.voices.buy, { voiceId: voice.id, key: newKey() }, { as: early });
    const saved = await t.ok(c.saveVoice, { voiceId: voice.id, priceDiamonds: 120 }, { as: admin });
    expect(saved.find((v) => v.voiceId === voice.id)).toMatchObject({ name: 'Lyra', priceDiamonds: 120 });
    expect(await t.ok(calls.voices.detail, { id: voice.id }, { as: late })).toMatchObject({ priceDiamonds: 120, purchased: false });
    expect(await t.ok(calls.voices.detail, { id: voice.id }, { as: early })).toMatchObject({ purchased: true });
    const stale = await t.call(calls.voices.buy, { voiceId: voice.id, key: newKey(), priceDiamonds: 80 }, { as: late });
    expect(stale.body).toMatchObject({ code: ErrorCode.PRICE_CHANGED, message: 'The price has changed: look at the new price and try again' });
    expect(await diamonds(late)).toBe(200);
    await t.ok(calls.voices.buy, { voiceId: voice.id, key: newKey(), priceDiamonds: 120 }, { as: late });
    expect([await diamonds(early), await diamonds(late)]).toEqual([120, 80]);
    expect(await records(early, 'voice_purchase')).toEqual([-80]);

    await t.ok(c.saveVoice, { voiceId: voice.id, priceDiamonds: 0 }, { as: admin });
    const free = await t.call(calls.voices.buy, { voiceId: voice.id, key: newKey() }, { as: await buildUser(t) });
    expect(free.body.code).toBe(ErrorCode.VOICE_NOT_FOR_SALE);

    const clone = await buildVoice(t, { owner: early, name: 'Mine' });
    for (const [voiceId, lang, message] of [
      [clone.id, 'en_US', 'This is not an official voice'],
      ['00000000-0000-4000-8000-000000000000', 'zh_TW', '這不是官方聲音'],
    ] as const) {
      expect((await t.call(c.saveVoice, { voiceId, priceDiamonds: 5 }, { as: admin, lang })).body).toMatchObject({ code: ErrorCode.ECONOMY_ADMIN_VOICE_NOT_FOUND, message });
    }
    expect((await t.ok(c.voices, {}, { as: admin })).map((v) => v.voiceId)).not.toContain(clone.id);
    expect((await t.call(c.saveVoice, { voiceId: voice.id, priceDiamonds: -5 }, { as: admin })).body.code).toBe(ErrorCode.VALIDATION);
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it("edits a gift's price: a sender shown the old price is refused and nothing moves, the new price is paid, past sends keep theirs", async () => {
    const owner = await buildUser(t);
    const agent = await buildAgent(t, { owner, nickname: 'Nova' });
    const fan = await buildUser(t);
    await grant(fan, 500);
    const send = (cost: { currency: 'JE' | 'MSS' | 'free'; amount: number }) => t.call(calls.gifts.send, { agentId: agent.id, giftKey: 'balloon', count: 1, cost, key: newKey() }, { as: fan });
    expect((await send({ currency: 'JE', amount: 99 })).status).toBe(200);
    await t.ok(c.saveGift, { giftKey: 'balloon', priceKind: 'diamonds', price: 150, freeUntil: null, expiresAt: null }, { as: admin });
    expect((await t.ok(calls.gifts.list, {}, { as: fan })).gifts.find((g) => g.key === 'balloon')?.cost).toEqual({ currency: 'JE', amount: 150 });
    const stale = await send({ currency: 'JE', amount: 99 });
    expect(stale.body.code).toBe(ErrorCode.GIFT_PRICE_CHANGED);
    expect(await diamonds(fan)).toBe(401);
    expect((await send({ currency: 'JE', amount: 150 })).status).toBe(200);
    expect(await diamonds(fan)).toBe(251);
    expect(await records(fan, 'gift')).toEqual([-150, -99]);
    expect(await records(owner, 'gift_share')).toEqual([75, 49]);

    // now for points, then free for a week (then 150 diamonds), then expired
    await t.ok(c.saveGift, { giftKey: 'balloon', priceKind: 'points', price: 30, freeUntil: null, expiresAt: null }, { as: admin });
    expect((await send({ currency: 'JE', amount: 150 })).body.code).toBe(ErrorCode.GIFT_PRICE_CHANGED);
    const week = new Date(Date.now() + 7 * DAY).toISOString();
    const saved = await t.ok(c.saveGift, { giftKey: 'balloon', priceKind: 'limited_free', price: 150, freeUntil: week, expiresAt: null }, { as: admin });
    expect(saved.find((g) => g.giftKey === 'balloon')).toEqual({ giftKey: 'balloon', priceKind: 'limited_free', price: 150, freeUntil: week, expiresAt: null });
    expect((await send({ currency: 'free', amount: 0 })).status).toBe(200);
    const yesterday = new Date(Date.now() - DAY).toISOString();
    await t.ok(c.saveGift, { giftKey: 'balloon', priceKind: 'diamonds', price: 99, freeUntil: null, expiresAt: yesterday }, { as: admin });
    expect((await send({ currency: 'JE', amount: 99 })).body).toMatchObject({ code: ErrorCode.GIFT_EXPIRED, message: 'Gift is Expired' });
    await t.ok(c.saveGift, { giftKey: 'balloon', priceKind: 'diamonds', price: 99, freeUntil: null, expiresAt: null }, { as: admin });
    expect(await diamonds(fan)).toBe(251);
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('refuses gift pricing whose fields do not fit together, each with its own text in both languages, and changes nothing', async () => {
    const soon = new Date(Date.now() + DAY).toISOString();
    const later = new Date(Date.now() + 2 * DAY).toISOString();
    const cases = [
      [
        { priceKind: 'diamonds', price: 0, freeUntil: null, expiresAt: null },
        ErrorCode.ECONOMY_ADMIN_GIFT_PRICE_REQUIRED,
        'A gift sold for points or diamonds, or free only for a while, needs a price of at least 1',
        '以積分或鑽石販售、或限時免費的禮物，價格至少為 1',
      ],
      [{ priceKind: 'free', price: 5, freeUntil: null, expiresAt: null }, ErrorCode.ECONOMY_ADMIN_GIFT_FREE_PRICED, 'A free gift has no price: set it to 0', '免費禮物沒有價格：請設為 0'],
      [
        { priceKind: 'limited_free', price: 5, freeUntil: null, expiresAt: null },
        ErrorCode.ECONOMY_ADMIN_GIFT_FREE_UNTIL_REQUIRED,
        'A gift free for a limited time needs the time its free period ends',
        '限時免費的禮物需要設定免費結束的時間',
      ],
      [
        { priceKind: 'points', price: 5, freeUntil: soon, expiresAt: null },
        ErrorCode.ECONOMY_ADMIN_GIFT_FREE_UNTIL_UNUSED,
        'Only a gift free for a limited time has a free-until time',
        '只有限時免費的禮物才有免費截止時間',
      ],
      [
        { priceKind: 'limited_free', price: 5, freeUntil: later, expiresAt: soon },
        ErrorCode.ECONOMY_ADMIN_GIFT_FREE_AFTER_EXPIRY,
        'The free period must end before the gift expires',
        '免費期間必須在禮物下架之前結束',
      ],
    ] as const;
    for (const [pricing, code, en, zh] of cases) {
      const input = { giftKey: 'firework' as const, ...pricing };
      expect((await t.call(c.saveGift, input, { as: admin })).body).toMatchObject({ code, message: en });
      expect((await t.call(c.saveGift, input, { as: admin, lang: 'zh_TW' })).body).toMatchObject({ code, message: zh });
    }
    for (const bad of [
      { giftKey: 'firework', priceKind: 'diamonds', price: -1, freeUntil: null, expiresAt: null },
      { giftKey: 'firework', priceKind: 'coupons', price: 5, freeUntil: null, expiresAt: null },
      { giftKey: 'firework', priceKind: 'diamonds', price: 5, freeUntil: null, expiresAt: 'next week' },
      { giftKey: 'cake', priceKind: 'diamonds', price: 5, freeUntil: null, expiresAt: null },
    ]) {
      expect((await t.call(c.saveGift, bad as never, { as: admin })).body.code, JSON.stringify(bad)).toBe(ErrorCode.VALIDATION);
    }
    expect((await t.ok(c.gifts, {}, { as: admin })).find((g) => g.giftKey === 'firework')).toEqual({ giftKey: 'firework', priceKind: 'diamonds', price: 520, freeUntil: null, expiresAt: null });
  });

  it('answers 8257 for a gift missing from the catalogue', async () => {
    await t.starlit.database.db.delete(gifts).where(eq(gifts.key, 'heart'));
    expect((await t.call(c.saveGift, { giftKey: 'heart', priceKind: 'free', price: 0, freeUntil: null, expiresAt: null }, { as: admin })).body).toMatchObject({
      code: ErrorCode.ECONOMY_ADMIN_GIFT_NOT_FOUND,
      message: 'This gift does not exist',
    });
  });
});
