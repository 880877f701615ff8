import { calls, ErrorCode } from '@starlit/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentSkills, agentSkillTerms, ledgerTransfers } from '../../db/schema/index.ts';
import { buildAdmin, buildAgent, buildDraftAgent, buildUser } from '../../../test/factories.ts';
import { startTestServer, type SignedIn, type TestServer } from '../../../test/server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const c = calls.agents;
const DAY = 86_400_000;
let keys = 0;
const newKey = () => `sk_${Date.now().toString(36)}_${keys++}`;
const grant = (user: SignedIn, amount: number) =>
  t.starlit.services.ledger.within(undefined, (books) => books.move({ from: { system: 'bonus' }, to: { user: user.userId }, currency: 'JE', amount, kind: 'bonus' }));
const diamonds = async (user: SignedIn) => (await t.ok(calls.ledger.balances, {}, { as: user })).JE;
const expireSkill = (agentId: string, skill: 'TextToImage', at: Date) =>
  t.starlit.database.db
    .update(agentSkillTerms)
    .set({ expiresAt: at })
    .where(and(eq(agentSkillTerms.agentId, agentId), eq(agentSkillTerms.skillKey, skill)));
const near = (iso: string | null, expected: number) => expect(Math.abs(Date.parse(iso ?? '') - expected)).toBeLessThan(60_000);

describe('buying skills', () => {
  it('charges the unit price for the period, chooses the skill, and records the purchase for order records', async () => {
    const owner = await buildUser(t);
    const agent = await buildDraftAgent(t, owner);
    await grant(owner, 100);
    const bought = await t.ok(c.buySkill, { id: agent.id, skill: 'TextToImage', key: newKey() }, { as: owner });
    near(bought.expiresAt, Date.now() + 30 * DAY);
    expect(bought).toMatchObject({ priceDiamonds: 30, replayed: false });
    expect(bought.agent.skills).toEqual([{ key: 'TextToImage', priceDiamonds: 30, usageDays: 30, owned: true, active: true, expiresAt: bought.expiresAt }]);
    expect(bought.agent.skillTerms).toEqual([{ key: 'TextToImage', expiresAt: bought.expiresAt, active: true }]);
    expect(await diamonds(owner)).toBe(70);
    const mine = (await t.starlit.database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.kind, 'skill_purchase'))).find((row) => (row.memo as { agentId?: string }).agentId === agent.id);
    expect(mine?.memo).toEqual({ agentId: agent.id, agentName: agent.nickname, skill: 'TextToImage', days: 30 });
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('renews from the current expiry while it runs, and from now once it has expired', async () => {
    const owner = await buildUser(t);
    const agent = await buildDraftAgent(t, owner);
    await grant(owner, 90);
    const first = await t.ok(c.buySkill, { id: agent.id, skill: 'TextToImage', key: newKey() }, { as: owner });
    const renewed = await t.ok(c.buySkill, { id: agent.id, skill: 'TextToImage', key: newKey() }, { as: owner });
    expect(Date.parse(renewed.expiresAt ?? '') - Date.parse(first.expiresAt ?? '')).toBe(30 * DAY);

    // ten days past its expiry: it stops working, others no longer see it, the owner sees it expired
    await expireSkill(agent.id, 'TextToImage', new Date(Date.now() - 10 * DAY));
    const expired = await t.ok(c.get, { id: agent.id }, { as: owner });
    expect(expired.skills[0]).toMatchObject({ key: 'TextToImage', owned: true, active: false });
    expect(expired.skillTerms[0]).toMatchObject({ active: false });
    const back = await t.ok(c.buySkill, { id: agent.id, skill: 'TextToImage', key: newKey() }, { as: owner });
    near(back.expiresAt, Date.now() + 30 * DAY);
    expect(back.agent.skills[0]).toMatchObject({ active: true });
    expect(await diamonds(owner)).toBe(0);
    expect((await t.call(c.buySkill, { id: agent.id, skill: 'TextToImage', key: newKey() }, { as: owner })).body).toMatchObject({
      code: ErrorCode.LEDGER_INSUFFICIENT_DIAMOND,
      message: 'Insufficient Diamond',
    });
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it('sells a permanent skill once: a second purchase is refused and charges nothing', async () => {
    const owner = await buildUser(t);
    const agent = await buildDraftAgent(t, owner);
    await grant(owner, 500);
    const bought = await t.ok(c.buySkill, { id: agent.id, skill: 'AIDance', key: newKey() }, { as: owner });
    expect(bought.expiresAt).toBeNull();
    expect(bought.agent.skills).toEqual([expect.objectContaining({ key: 'AIDance', owned: true, active: true, expiresAt: null })]);
    const again = await t.call(c.buySkill, { id: agent.id, skill: 'AIDance', key: newKey() }, { as: owner, lang: 'zh_TW' });
    expect(again.body).toMatchObject({ code: ErrorCode.SKILL_OWNED_FOR_GOOD, message: '此技能已永久擁有' });
    expect(await diamonds(owner)).toBe(300);
  });

  it('charges once for one key sent four times at once, and refuses the key for another skill', async () => {
    const owner = await buildUser(t);
    const agent = await buildDraftAgent(t, owner);
    await grant(owner, 200);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.ok(c.buySkill, { id: agent.id, skill: 'TextToMusic', key }, { as: owner })));
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.expiresAt)).size).toBe(1);
    expect(await diamonds(owner)).toBe(140);
    expect((await t.call(c.buySkill, { id: agent.id, skill: 'ImageToImage', key }, { as: owner })).body.code).toBe(ErrorCode.LEDGER_KEY_REUSED);
    expect(await t.starlit.services.ledger.violations()).toEqual([]);
  });

  it("is the owner's alone: a visitor, another user and an admin are refused and nothing moves", async () => {
    const [owner, other, admin] = await Promise.all([buildUser(t), buildUser(t), buildAdmin(t)]);
    const agent = await buildDraftAgent(t, owner);
    await Promise.all([grant(other, 100), grant(admin, 100)]);
    expect((await t.call(c.buySkill, { id: agent.id, skill: 'TextToImage', key: newKey() })).status).toBe(401);
    expect((await t.call(c.buySkill, { id: agent.id, skill: 'TextToImage', key: newKey() }, { as: other })).status).toBe(403);
    expect((await t.call(c.buySkill, { id: agent.id, skill: 'TextToImage', key: newKey() }, { as: admin })).status).toBe(403);
    expect(await diamonds(other)).toBe(100);
    expect(await diamonds(admin)).toBe(100);
    expect((await t.ok(c.get, { id: agent.id }, { as: owner })).skillTerms).toEqual([]);
  });

  it('shows others only the skills that work; chosen but unbought or expired ones are the owner’s to see', async () => {
    const owner = await buildUser(t);
    const agent = await buildAgent(t, { owner });
    const db = t.starlit.database.db;
    await db.insert(agentSkills).values([
      { agentId: agent.id, skillKey: 'TextToImage' },
      { agentId: agent.id, skillKey: 'TextToMusic' },
      { agentId: agent.id, skillKey: 'AIDance' },
    ]);
    await db.insert(agentSkillTerms).values([
      { agentId: agent.id, skillKey: 'TextToImage', expiresAt: new Date(Date.now() - DAY) },
      { agentId: agent.id, skillKey: 'AIDance', expiresAt: null },
    ]);
    const seen = await t.ok(c.get, { id: agent.id });
    expect(seen.skills.map((s) => s.key)).toEqual(['AIDance']);
    expect(seen.skillTerms).toEqual([]);
    const own = await t.ok(c.get, { id: agent.id }, { as: owner });
    expect(own.skills.map((s) => [s.key, s.owned, s.active])).toEqual([
      ['TextToImage', true, false],
      ['TextToMusic', false, false],
      ['AIDance', true, true],
    ]);
  });

  it('keeps what was paid when the owner unchooses a skill, and choosing it again needs no new purchase', async () => {
    const owner = await buildUser(t);
    const agent = await buildDraftAgent(t, owner);
    await grant(owner, 30);
    await t.ok(c.buySkill, { id: agent.id, skill: 'TextToImage', key: newKey() }, { as: owner });
    const unchosen = await t.ok(c.setSkills, { id: agent.id, skills: [] }, { as: owner });
    expect(unchosen.skills).toEqual([]);
    expect(unchosen.skillTerms).toEqual([expect.objectContaining({ key: 'TextToImage', active: true })]);
    const chosen = await t.ok(c.setSkills, { id: agent.id, skills: ['TextToImage'] }, { as: owner });
    expect(chosen.skills[0]).toMatchObject({ owned: true, active: true });
    expect(await diamonds(owner)).toBe(0);
  });
});
