import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A, agentsWorld, createAgent, type AgentsWorld } from '../../../test/agents.ts';

let w: AgentsWorld;
beforeAll(async () => {
  w = await agentsWorld();
});
afterAll(async () => {
  await w?.close();
});

describe('create and update', () => {
  it('creates a private draft from a name alone', async () => {
    const res = await w.t.call<Record<string, unknown>>(A('create'), { nickname: '  Luna  ' }, { token: w.owner.token });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ nickname: 'Luna', status: 'draft', isPublic: false, isOwner: true, gender: 'Unknown', tags: [], skills: [], voices: [] });
    expect(res.body.data.missing).toContain('agent.roleSettingRequired');
  });

  it('needs a login: 401 for anonymous', async () => {
    const res = await w.t.call(A('create'), { nickname: 'Luna' });
    expect(res.status).toBe(401);
  });

  it('saves part of a draft and keeps the rest', async () => {
    const id = await createAgent(w.t, w.owner, { roleSetting: 'You are Luna.' });
    const res = await w.t.call<Record<string, unknown>>(A('update'), { id, opening: 'Hello!', gender: 'Female' }, { token: w.owner.token });
    expect(res.body.data).toMatchObject({ roleSetting: 'You are Luna.', opening: 'Hello!', gender: 'Female', nickname: 'Luna' });
  });

  it('lets only the owner change an agent: 403 for another user', async () => {
    const id = await createAgent(w.t, w.owner);
    for (const [action, body] of [
      ['update', { id, opening: 'Mine now' }],
      ['set_tags', { id, tags: ['x'] }],
      ['set_skills', { id, skills: ['AIDance'] }],
      ['set_voices', { id, voices: [] }],
      ['audition', { id }],
      ['publish', { id }],
      ['unpublish', { id }],
      ['delete', { ids: [id] }],
    ] as const) {
      const res = await w.t.call(A(action), body, { token: w.other.token });
      expect(res.status, action).toBe(403);
    }
    const after = await w.t.call<{ opening: string }>(A('get'), { id }, { token: w.owner.token });
    expect(after.body.data.opening).toBe('');
  });

  it('answers "Agent not found" for an unknown id', async () => {
    const res = await w.t.call(A('update'), { id: '00000000-0000-4000-8000-000000000000', opening: 'x' }, { token: w.owner.token });
    expect(res.body).toMatchObject({ code: 6001, message: 'Agent not found' });
  });
});

describe('SPEC §5 rules are refused by the server itself', () => {
  const cases = [
    ['create', { nickname: '' }, 'Field "nickname": Name is required', '欄位「nickname」：名稱為必填'],
    ['create', { nickname: 'a'.repeat(21) }, 'Field "nickname": Name must be at most 20 characters', '欄位「nickname」：名稱最多 20 個字'],
    ['update', { roleSetting: 'x'.repeat(1001) }, 'Field "roleSetting": Role setting must be at most 1000 characters', '欄位「roleSetting」：角色設定最多 1000 個字'],
    ['update', { opening: 'x'.repeat(501) }, 'Field "opening": Opening must be at most 500 characters', '欄位「opening」：開場白最多 500 個字'],
    ['update', { roleIntro: 'x'.repeat(2001) }, 'Field "roleIntro": Role intro must be at most 2000 characters', '欄位「roleIntro」：角色介紹最多 2000 個字'],
    ['update', { gender: 'Robot' }, 'Field "gender": Gender must be Unknown, Male or Female', '欄位「gender」：性別須為未知、男或女'],
    ['set_tags', { tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'Field "tags": Maximum 5 tags allowed', '欄位「tags」：最多只能有 5 個標籤'],
    ['set_tags', { tags: ['Cute', ' cute'] }, 'Field "tags": Tag already exists', '欄位「tags」：標籤已存在'],
  ] as const;

  it.each(cases)('%s %o', async (action, body, en, zh) => {
    const id = await createAgent(w.t, w.owner);
    const payload = action === 'create' ? body : { id, ...body };
    const english = await w.t.call(A(action), payload, { token: w.owner.token, lang: 'en_US' });
    const chinese = await w.t.call(A(action), payload, { token: w.owner.token, lang: 'zh_TW' });
    expect(english.body).toMatchObject({ code: 1001, message: en });
    expect(chinese.body).toMatchObject({ code: 1001, message: zh });
  });

  it('accepts the boundary values 20, 1000, 500 and 5 tags', async () => {
    const id = await createAgent(w.t, w.owner, { nickname: '星'.repeat(20) });
    const texts = await w.t.call(A('update'), { id, roleSetting: 'x'.repeat(1000), opening: '🌟'.repeat(500) }, { token: w.owner.token });
    expect(texts.body.code).toBe(0);
    const tags = await w.t.call<{ tags: string[] }>(A('set_tags'), { id, tags: [' a ', 'b', 'c', 'd', 'e'] }, { token: w.owner.token });
    expect(tags.body.data.tags).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('visibility', () => {
  it('shows a draft or a private agent to its owner only', async () => {
    const id = await createAgent(w.t, w.owner);
    expect((await w.t.call(A('get'), { id }, { token: w.owner.token })).body.code).toBe(0);
    for (const token of [w.other.token, undefined]) {
      const res = await w.t.call(A('get'), { id }, { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 6001, data: null });
    }
  });

  it('lists my agents with drafts, newest first, by cursor', async () => {
    const me = await w.t.user();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await createAgent(w.t, me, { nickname: `Agent ${i}` }));
    const seen: Array<{ id: string; createdAt: string }> = [];
    let cursor: string | undefined;
    do {
      const res = await w.t.call<{ items: Array<{ id: string; status: string; createdAt: string }>; nextCursor: string | null }>(A('mine'), { limit: 2, cursor }, { token: me.token });
      seen.push(...res.body.data.items);
      expect(res.body.data.items.every((a) => a.status === 'draft')).toBe(true);
      cursor = res.body.data.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.map((a) => a.id).sort()).toEqual([...ids].sort());
    // newest first; agents made in the same millisecond follow their ids
    const key = (a: { id: string; createdAt: string }) => `${a.createdAt}|${a.id}`;
    expect(seen.map(key)).toEqual(seen.map(key).sort().reverse());
    expect((await w.t.call(A('mine'), {})).status).toBe(401);
  });
});

describe('delete', () => {
  it('deletes several of my agents at once and hides them', async () => {
    const ids = [await createAgent(w.t, w.owner), await createAgent(w.t, w.owner)];
    const res = await w.t.call(A('delete'), { ids }, { token: w.owner.token });
    expect(res.body).toMatchObject({ code: 0, data: { deleted: 2 } });
    for (const id of ids) expect((await w.t.call(A('get'), { id }, { token: w.owner.token })).body.code).toBe(6001);
    const mine = await w.t.call<{ items: Array<{ id: string }> }>(A('mine'), { limit: 100 }, { token: w.owner.token });
    expect(mine.body.data.items.map((a) => a.id)).not.toContain(ids[0]);
  });

  it('is all or nothing: one agent of someone else makes it 403 and deletes none', async () => {
    const mine = await createAgent(w.t, w.owner);
    const theirs = await createAgent(w.t, w.other);
    const res = await w.t.call(A('delete'), { ids: [mine, theirs] }, { token: w.owner.token });
    expect(res.status).toBe(403);
    expect((await w.t.call(A('get'), { id: mine }, { token: w.owner.token })).body.code).toBe(0);
    expect((await w.t.call(A('get'), { id: theirs }, { token: w.other.token })).body.code).toBe(0);
  });

  it('refuses an unknown or already deleted id and deletes none', async () => {
    const keep = await createAgent(w.t, w.owner);
    const gone = await createAgent(w.t, w.owner);
    await w.t.call(A('delete'), { ids: [gone] }, { token: w.owner.token });
    const res = await w.t.call(A('delete'), { ids: [keep, gone] }, { token: w.owner.token });
    expect(res.body.code).toBe(6001);
    expect((await w.t.call(A('get'), { id: keep }, { token: w.owner.token })).body.code).toBe(0);
  });
});

describe('skills', () => {
  it('lists the catalogue with prices and periods to anyone', async () => {
    const res = await w.t.call<{ items: Array<{ key: string; priceDiamonds: number; usageDays: number | null }> }>(A('skills'), {});
    expect(res.body.data.items.map((s) => s.key)).toEqual(['TextToImage', 'ImageToImage', 'TextToMusic', 'AIDance']);
    expect(res.body.data.items.find((s) => s.key === 'AIDance')?.usageDays).toBeNull();
  });

  it('sets skills and refuses a duplicate', async () => {
    const id = await createAgent(w.t, w.owner);
    const res = await w.t.call<{ skills: Array<{ key: string }> }>(A('set_skills'), { id, skills: ['AIDance', 'TextToMusic'] }, { token: w.owner.token });
    expect(res.body.data.skills.map((s) => s.key)).toEqual(['TextToMusic', 'AIDance']);
    const twice = await w.t.call(A('set_skills'), { id, skills: ['AIDance', 'AIDance'] }, { token: w.owner.token, lang: 'zh_TW' });
    expect(twice.body).toMatchObject({ code: 1001, message: '欄位「skills」：同一個技能不能選擇兩次' });
  });
});
