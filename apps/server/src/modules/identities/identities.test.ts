import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentsWorld, createAgent, type AgentsWorld } from '../../../test/agents.ts';

const I = (action: string) => `/ai/api/v1/agent/identity/${action}`;

interface Identity {
  id: string;
  name: string;
  gender: string;
  background: string;
  isGlobal: boolean;
  agentId: string | null;
}

let w: AgentsWorld;
beforeAll(async () => {
  w = await agentsWorld();
});
afterAll(async () => {
  await w?.close();
});

describe('chat identities (SPEC §3, §5)', () => {
  it('keeps several identities per user, each only for its user', async () => {
    const me = await w.t.user();
    const agentId = await createAgent(w.t, me);
    const global = await w.t.call<Identity>(I('create'), { name: 'Stargazer', gender: 'Female', background: 'Loves the night sky.', isGlobal: true }, { token: me.token });
    expect(global.body.data).toMatchObject({ name: 'Stargazer', isGlobal: true, agentId: null });
    const local = await w.t.call<Identity>(I('create'), { name: 'Captain', gender: 'Male', isGlobal: false, agentId }, { token: me.token });
    expect(local.body.data).toMatchObject({ background: '', isGlobal: false, agentId });
    const list = await w.t.call<{ items: Identity[] }>(I('list'), {}, { token: me.token });
    expect(list.body.data.items.map((i) => i.name).sort()).toEqual(['Captain', 'Stargazer']);
    expect((await w.t.call<{ items: Identity[] }>(I('list'), {}, { token: w.other.token })).body.data.items).toEqual([]);
  });

  it('needs a login', async () => {
    for (const action of ['list', 'create', 'update', 'delete']) expect((await w.t.call(I(action), {})).status).toBe(401);
  });

  it.each([
    [{ name: '', gender: 'Male' }, 'Field "name": Name is required', '欄位「name」：名稱為必填'],
    [{ name: 'Kai' }, 'Field "gender": Gender is required', '欄位「gender」：性別為必填'],
    [{ name: 'x'.repeat(21), gender: 'Male' }, 'Field "name": Name must be at most 20 characters', '欄位「name」：名稱最多 20 個字'],
    [{ name: 'Kai', gender: 'Male', background: 'x'.repeat(1001) }, 'Field "background": Background must be at most 1000 characters', '欄位「background」：背景最多 1000 個字'],
  ])('refuses %o in both languages', async (fields, en, zh) => {
    const body = { isGlobal: true, ...fields };
    expect((await w.t.call(I('create'), body, { token: w.owner.token, lang: 'en_US' })).body).toMatchObject({ code: 1001, message: en });
    expect((await w.t.call(I('create'), body, { token: w.owner.token, lang: 'zh_TW' })).body).toMatchObject({ code: 1001, message: zh });
  });

  it('needs an agent the user can see when it is not global', async () => {
    const none = await w.t.call(I('create'), { name: 'Kai', gender: 'Male', isGlobal: false }, { token: w.owner.token });
    expect(none.body).toMatchObject({ code: 1001, message: 'Choose the agent this identity is for, or make it global' });
    const hidden = await createAgent(w.t, w.other);
    const res = await w.t.call(I('create'), { name: 'Kai', gender: 'Male', isGlobal: false, agentId: hidden }, { token: w.owner.token });
    expect(res.body.code).toBe(6001);
  });

  it('a global identity names no agent', async () => {
    const agentId = await createAgent(w.t, w.owner);
    const res = await w.t.call<Identity>(I('create'), { name: 'Kai', gender: 'Male', isGlobal: true, agentId }, { token: w.owner.token });
    expect(res.body.data.agentId).toBeNull();
  });

  it('lets only its user change or delete it: 403 for another user', async () => {
    const made = await w.t.call<Identity>(I('create'), { name: 'Mochi', gender: 'Female', isGlobal: true }, { token: w.owner.token });
    const id = made.body.data.id;
    const change = { id, name: 'Taken', gender: 'Male', isGlobal: true };
    expect((await w.t.call(I('update'), change, { token: w.other.token })).status).toBe(403);
    expect((await w.t.call(I('delete'), { id }, { token: w.other.token })).status).toBe(403);

    const updated = await w.t.call<Identity>(I('update'), { ...change, name: 'Mochi 2', background: 'Barista' }, { token: w.owner.token });
    expect(updated.body.data).toMatchObject({ name: 'Mochi 2', gender: 'Male', background: 'Barista' });
    expect((await w.t.call(I('delete'), { id }, { token: w.owner.token })).body.data).toEqual({ deleted: 1 });
    expect((await w.t.call(I('delete'), { id }, { token: w.owner.token })).body).toMatchObject({ code: 6020, message: 'Chat identity not found' });
  });
});
