import { calls, ErrorCode } from '@starlit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers } from '../../db/schema/index.ts';
import { buildAdmin, buildDraftAgent, buildUser, buildVoice } from '../../../test/factories.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const c = calls.voices;
let keys = 0;
const newKey = () => `vk_${Date.now().toString(36)}_${keys++}`;
const grant = (user: SignedIn, amount: number) =>
  t.starlit.services.ledger.within(undefined, (books) => books.move({ from: { system: 'bonus' }, to: { user: user.userId }, currency: 'JE', amount, kind: 'bonus' }));
const diamonds = async (user: SignedIn) => (await t.ok(calls.ledger.balances, {}, { as: user })).JE;
const pick = (voiceId: string) => ({ voiceId, pitch: 0, volume: 1, speed: 1 });

describe('premium voices', () => {
  it('are bought once: purchased after, a second purchase refused, the price recorded for order records', async () => {
    const [user, other] = await Promise.all([buildUser(t), buildUser(t)]);
    const premium = await buildVoice(t, { name: 'Aria', priceDiamonds: 80 });
    await grant(user, 100);
    expect(await t.ok(c.detail, { id: premium.id }, { as: user })).toMatchObject({ purchased: false, priceDiamonds: 80 });
    const bought = await t.ok(c.buy, { voiceId: premium.id, key: newKey() }, { as: user });
    expect(bought).toMatchObject({ voice: { id: premium.id, purchased: true }, replayed: false });
    expect(await diamonds(user)).toBe(20);
    // the purchase is this person's: another still sees it unbought
    expect(await t.ok(c.detail, { id: premium.id }, { as: other })).toMatchObject({ purchased: false });
    expect((await t.ok(c.list, { tab: 'recommend', limit: 50 }, { as: user })).items.find((v) => v.id === premium.id)).toMatchObject({ purchased: true });
    const again = await t.call(c.buy, { voiceId: premium.id, key: newKey() }, { as: user, lang: 'zh_TW' });
    expect(again.body).toMatchObject({ code: ErrorCode.VOICE_ALREADY_PURCHASED, message: '你已擁有此聲音' });
    expect(await diamonds(user)).toBe(20);
    const [transfer] = await t.starlit.database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.kind, 'voice_purchase'));
    expect(transfer.memo).toEqual({ voiceId: premium.id, name: 'Aria' });
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('charge once for one key sent at once, and once for two keys racing', async () => {
    const user = await buildUser(t);
    const premium = await buildVoice(t, { priceDiamonds: 50 });
    await grant(user, 200);
    const key = newKey();
    const same = await Promise.all(Array.from({ length: 3 }, () => t.ok(c.buy, { voiceId: premium.id, key }, { as: user })));
    expect(same.filter((a) => !a.replayed)).toHaveLength(1);
    const other = await buildVoice(t, { priceDiamonds: 50 });
    const racing = await Promise.all([t.call(c.buy, { voiceId: other.id, key: newKey() }, { as: user }), t.call(c.buy, { voiceId: other.id, key: newKey() }, { as: user })]);
    expect(racing.map((r) => r.body.code).sort()).toEqual([0, ErrorCode.VOICE_ALREADY_PURCHASED]);
    expect(await diamonds(user)).toBe(100);
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('refuse free voices, clones, visitors and the short of diamonds', async () => {
    const [user, admin] = await Promise.all([buildUser(t), buildAdmin(t)]);
    const free = await buildVoice(t);
    const clone = await buildVoice(t, { owner: user });
    const premium = await buildVoice(t, { priceDiamonds: 500 });
    expect((await t.call(c.buy, { voiceId: premium.id, key: newKey() })).status).toBe(401);
    expect((await t.call(c.buy, { voiceId: free.id, key: newKey() }, { as: user })).body.code).toBe(ErrorCode.VOICE_NOT_FOR_SALE);
    expect((await t.call(c.buy, { voiceId: clone.id, key: newKey() }, { as: user })).body.code).toBe(ErrorCode.VOICE_NOT_FOR_SALE);
    expect((await t.call(c.buy, { voiceId: clone.id, key: newKey() }, { as: admin })).body.code).toBe(ErrorCode.VOICE_NOT_FOUND);
    expect((await t.call(c.buy, { voiceId: premium.id, key: newKey() }, { as: user })).body.code).toBe(ErrorCode.LEDGER_INSUFFICIENT_DIAMOND);
    expect(await t.ok(c.detail, { id: free.id }, { as: user })).toMatchObject({ purchased: false, priceDiamonds: 0 });
    expect(await t.ok(c.detail, { id: clone.id }, { as: user })).toMatchObject({ purchased: true });
  });

  it('an agent speaks with a premium voice only once its owner bought it; free voices need nothing', async () => {
    const owner = await buildUser(t);
    const agent = await buildDraftAgent(t, owner);
    const [free, premium] = await Promise.all([buildVoice(t), buildVoice(t, { priceDiamonds: 40 })]);
    await t.ok(calls.agents.setVoices, { id: agent.id, voices: [pick(free.id)] }, { as: owner });
    const refused = await t.call(calls.agents.setVoices, { id: agent.id, voices: [pick(premium.id)] }, { as: owner });
    expect(refused.body).toMatchObject({ code: ErrorCode.VOICE_NOT_PURCHASED, message: 'Buy this voice before your agent speaks with it' });
    expect((await t.ok(calls.agents.get, { id: agent.id }, { as: owner })).voices.map((v) => v.voiceId)).toEqual([free.id]);
    await grant(owner, 40);
    await t.ok(c.buy, { voiceId: premium.id, key: newKey() }, { as: owner });
    const set = await t.ok(calls.agents.setVoices, { id: agent.id, voices: [pick(premium.id), pick(free.id)] }, { as: owner });
    expect(set.voices.map((v) => v.voiceId)).toEqual([premium.id, free.id]);
  });
});
