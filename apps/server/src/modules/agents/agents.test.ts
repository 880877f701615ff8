import { calls, type CallDef } from '@starlit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentsWorld, type AgentsWorld } from '../../../test/agents.ts';
import { buildDraftAgent, buildUser } from '../../../test/factories.ts';

const c = calls.agents;
let w: AgentsWorld;
beforeAll(async () => {
  w = await agentsWorld();
});
afterAll(async () => {
  await w?.close();
});

const draft = async (fields: { nickname?: string; roleSetting?: string } = {}, owner = w.owner) => (await buildDraftAgent(w.t, owner, fields)).id;

describe('create and update', () => {
  it('creates a private draft from a name alone', async () => {
    const res = await w.t.call(c.create, { nickname: '  Luna  ' }, { as: w.owner });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ nickname: 'Luna', status: 'draft', isPublic: false, isOwner: true, gender: 'Unknown', tags: [], skills: [], voices: [] });
    expect(res.body.data.missing).toContain('agent.roleSettingRequired');
  });

  it('needs a login: 401 for anonymous', async () => {
    const res = await w.t.call(c.create, { nickname: 'Luna' });
    expect(res.status).toBe(401);
  });

  it('saves part of a draft and keeps the rest', async () => {
    const id = await draft({ roleSetting: 'You are Luna.' });
    const res = await w.t.call(c.update, { id, opening: 'Hello!', gender: 'Female' }, { as: w.owner });
    expect(res.body.data).toMatchObject({ roleSetting: 'You are Luna.', opening: 'Hello!', gender: 'Female', nickname: 'Luna' });
  });

  it('lets only the owner change an agent: 403 for another user', async () => {
    const id = await draft();
    const attempts: Array<[CallDef, unknown]> = [
      [c.update, { id, opening: 'Mine now' }],
      [c.setTags, { id, tags: ['x'] }],
      [c.setSkills, { id, skills: ['AIDance'] }],
      [c.setVoices, { id, voices: [] }],
      [c.audition, { id }],
      [c.publish, { id }],
      [c.unpublish, { id }],
      [c.delete, { ids: [id] }],
    ];
    for (const [call, body] of attempts) {
      const res = await w.t.call(call, body, { as: w.other });
      expect(res.status, call.path).toBe(403);
    }
    expect((await w.t.ok(c.get, { id }, { as: w.owner })).opening).toBe('');
  });

  it('answers "Agent not found" for an unknown id', async () => {
    const res = await w.t.call(c.update, { id: '00000000-0000-4000-8000-000000000000', opening: 'x' }, { as: w.owner });
    expect(res.body).toMatchObject({ code: 6001, message: 'Agent not found' });
  });
});

describe('SPEC §5 rules are refused by the server itself', () => {
  // bodies the contract refuses, so sent to the call's path as they are
  const cases = [
    [c.create.path, { nickname: '' }, 'Field "nickname": Name is required', '欄位「nickname」：名稱為必填'],
    [c.create.path, { nickname: 'a'.repeat(21) }, 'Field "nickname": Name must be at most 20 characters', '欄位「nickname」：名稱最多 20 個字'],
    [c.update.path, { roleSetting: 'x'.repeat(1001) }, 'Field "roleSetting": Role setting must be at most 1000 characters', '欄位「roleSetting」：角色設定最多 1000 個字'],
    [c.update.path, { opening: 'x'.repeat(501) }, 'Field "opening": Opening must be at most 500 characters', '欄位「opening」：開場白最多 500 個字'],
    [c.update.path, { roleIntro: 'x'.repeat(2001) }, 'Field "roleIntro": Role intro must be at most 2000 characters', '欄位「roleIntro」：角色介紹最多 2000 個字'],
    [c.update.path, { gender: 'Robot' }, 'Field "gender": Gender must be Unknown, Male or Female', '欄位「gender」：性別須為未知、男或女'],
    [c.setTags.path, { tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'Field "tags": Maximum 5 tags allowed', '欄位「tags」：最多只能有 5 個標籤'],
    [c.setTags.path, { tags: ['Cute', ' cute'] }, 'Field "tags": Tag already exists', '欄位「tags」：標籤已存在'],
  ] as const;

  it.each(cases)('%s %o', async (path, body, en, zh) => {
    const id = await draft();
    const payload = path === c.create.path ? body : { id, ...body };
    const english = await w.t.call(path, payload, { as: w.owner, lang: 'en_US' });
    const chinese = await w.t.call(path, payload, { as: w.owner, lang: 'zh_TW' });
    expect(english.body).toMatchObject({ code: 1001, message: en });
    expect(chinese.body).toMatchObject({ code: 1001, message: zh });
  });

  it('accepts the boundary values 20, 1000, 500 and 5 tags', async () => {
    const id = await draft({ nickname: '星'.repeat(20) });
    const texts = await w.t.call(c.update, { id, roleSetting: 'x'.repeat(1000), opening: '🌟'.repeat(500) }, { as: w.owner });
    expect(texts.body.code).toBe(0);
    const tags = await w.t.call(c.setTags, { id, tags: [' a ', 'b', 'c', 'd', 'e'] }, { as: w.owner });
    expect(tags.body.data.tags).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('visibility', () => {
  it('shows a draft or a private agent to its owner only', async () => {
    const id = await draft();
    expect((await w.t.call(c.get, { id }, { as: w.owner })).body.code).toBe(0);
    for (const as of [w.other, null]) {
      const res = await w.t.call(c.get, { id }, { as });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 6001, data: null });
    }
  });

  it('lists my agents with drafts, newest first, by cursor', async () => {
    const me = await buildUser(w.t);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await draft({ nickname: `Agent ${i}` }, me));
    const seen: Array<{ id: string; createdAt: string }> = [];
    let cursor: string | undefined;
    do {
      const res = await w.t.call(c.mine, { limit: 2, cursor }, { as: me });
      seen.push(...res.body.data.items);
      expect(res.body.data.items.every((a) => a.status === 'draft')).toBe(true);
      cursor = res.body.data.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.map((a) => a.id).sort()).toEqual([...ids].sort());
    // newest first; agents made in the same millisecond follow their ids
    const key = (a: { id: string; createdAt: string }) => `${a.createdAt}|${a.id}`;
    expect(seen.map(key)).toEqual(seen.map(key).sort().reverse());
    expect((await w.t.call(c.mine, {})).status).toBe(401);
  });
});

describe('delete', () => {
  it('deletes several of my agents at once and hides them', async () => {
    const ids = [await draft(), await draft()];
    const res = await w.t.call(c.delete, { ids }, { as: w.owner });
    expect(res.body).toMatchObject({ code: 0, data: { deleted: 2 } });
    for (const id of ids) expect((await w.t.call(c.get, { id }, { as: w.owner })).body.code).toBe(6001);
    const mine = await w.t.call(c.mine, { limit: 100 }, { as: w.owner });
    expect(mine.body.data.items.map((a) => a.id)).not.toContain(ids[0]);
  });

  it('is all or nothing: one agent of someone else makes it 403 and deletes none', async () => {
    const mine = await draft();
    const theirs = await draft({}, w.other);
    const res = await w.t.call(c.delete, { ids: [mine, theirs] }, { as: w.owner });
    expect(res.status).toBe(403);
    expect((await w.t.call(c.get, { id: mine }, { as: w.owner })).body.code).toBe(0);
    expect((await w.t.call(c.get, { id: theirs }, { as: w.other })).body.code).toBe(0);
  });

  it('refuses an unknown or already deleted id and deletes none', async () => {
    const keep = await draft();
    const gone = await draft();
    await w.t.ok(c.delete, { ids: [gone] }, { as: w.owner });
    const res = await w.t.call(c.delete, { ids: [keep, gone] }, { as: w.owner });
    expect(res.body.code).toBe(6001);
    expect((await w.t.call(c.get, { id: keep }, { as: w.owner })).body.code).toBe(0);
  });
});

describe('skills', () => {
  it('lists the catalogue with prices and periods to anyone', async () => {
    const res = await w.t.call(c.skills, {});
    expect(res.body.data.items.map((s) => s.key)).toEqual(['TextToImage', 'ImageToImage', 'TextToMusic', 'AIDance']);
    expect(res.body.data.items.find((s) => s.key === 'AIDance')?.usageDays).toBeNull();
  });

  it('sets skills and refuses a duplicate', async () => {
    const id = await draft();
    const res = await w.t.call(c.setSkills, { id, skills: ['AIDance', 'TextToMusic'] }, { as: w.owner });
    expect(res.body.data.skills.map((s) => s.key)).toEqual(['TextToMusic', 'AIDance']);
    const twice = await w.t.call(c.setSkills, { id, skills: ['AIDance', 'AIDance'] }, { as: w.owner, lang: 'zh_TW' });
    expect(twice.body).toMatchObject({ code: 1001, message: '欄位「skills」：同一個技能不能選擇兩次' });
  });
});
