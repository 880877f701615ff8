import { calls } from '@starlit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentsWorld, type AgentsWorld } from '../../../test/agents.ts';
import { buildDraftAgent, buildIdentity, buildUser } from '../../../test/factories.ts';

const c = calls.identities;

let w: AgentsWorld;
beforeAll(async () => {
  w = await agentsWorld();
});
afterAll(async () => {
  await w?.close();
});

describe('chat identities (SPEC §3, §5)', () => {
  it('keeps several identities per user, each only for its user', async () => {
    const me = await buildUser(w.t);
    const agentId = (await buildDraftAgent(w.t, me)).id;
    const global = await w.t.call(c.create, { name: 'Stargazer', gender: 'Female', background: 'Loves the night sky.', isGlobal: true }, { as: me });
    expect(global.body.data).toMatchObject({ name: 'Stargazer', isGlobal: true, agentId: null });
    const local = await w.t.call(c.create, { name: 'Captain', gender: 'Male', isGlobal: false, agentId }, { as: me });
    expect(local.body.data).toMatchObject({ background: '', isGlobal: false, agentId });
    const list = await w.t.call(c.list, {}, { as: me });
    expect(list.body.data.items.map((i) => i.name).sort()).toEqual(['Captain', 'Stargazer']);
    expect((await w.t.call(c.list, {}, { as: w.other })).body.data.items).toEqual([]);
  });

  it('needs a login', async () => {
    for (const call of [c.list, c.create, c.update, c.delete]) expect((await w.t.call(call.path, {})).status).toBe(401);
  });

  // bodies the contract refuses, so sent to the call's path as they are
  it.each([
    [{ name: '', gender: 'Male' }, 'Field "name": Name is required', '欄位「name」：名稱為必填'],
    [{ name: 'Kai' }, 'Field "gender": Gender is required', '欄位「gender」：性別為必填'],
    [{ name: 'x'.repeat(21), gender: 'Male' }, 'Field "name": Name must be at most 20 characters', '欄位「name」：名稱最多 20 個字'],
    [{ name: 'Kai', gender: 'Male', background: 'x'.repeat(1001) }, 'Field "background": Background must be at most 1000 characters', '欄位「background」：背景最多 1000 個字'],
  ])('refuses %o in both languages', async (fields, en, zh) => {
    const body = { isGlobal: true, ...fields };
    expect((await w.t.call(c.create.path, body, { as: w.owner, lang: 'en_US' })).body).toMatchObject({ code: 1001, message: en });
    expect((await w.t.call(c.create.path, body, { as: w.owner, lang: 'zh_TW' })).body).toMatchObject({ code: 1001, message: zh });
  });

  it('needs an agent the user can see when it is not global', async () => {
    const none = await w.t.call(c.create, { name: 'Kai', gender: 'Male', isGlobal: false }, { as: w.owner });
    expect(none.body).toMatchObject({ code: 1001, message: 'Choose the agent this identity is for, or make it global' });
    const hidden = (await buildDraftAgent(w.t, w.other)).id;
    const res = await w.t.call(c.create, { name: 'Kai', gender: 'Male', isGlobal: false, agentId: hidden }, { as: w.owner });
    expect(res.body.code).toBe(6001);
  });

  it('a global identity names no agent', async () => {
    const agentId = (await buildDraftAgent(w.t, w.owner)).id;
    const res = await w.t.call(c.create, { name: 'Kai', gender: 'Male', isGlobal: true, agentId }, { as: w.owner });
    expect(res.body.data.agentId).toBeNull();
  });

  it('lets only its user change or delete it: 403 for another user', async () => {
    const { id } = await buildIdentity(w.t, w.owner, { name: 'Mochi', gender: 'Female' });
    const change = { id, name: 'Taken', gender: 'Male', isGlobal: true } as const;
    expect((await w.t.call(c.update, change, { as: w.other })).status).toBe(403);
    expect((await w.t.call(c.delete, { id }, { as: w.other })).status).toBe(403);

    const updated = await w.t.call(c.update, { ...change, name: 'Mochi 2', background: 'Barista' }, { as: w.owner });
    expect(updated.body.data).toMatchObject({ name: 'Mochi 2', gender: 'Male', background: 'Barista' });
    expect((await w.t.call(c.delete, { id }, { as: w.owner })).body.data).toEqual({ deleted: 1 });
    expect((await w.t.call(c.delete, { id }, { as: w.owner })).body).toMatchObject({ code: 6020, message: 'Chat identity not found' });
  });
});
