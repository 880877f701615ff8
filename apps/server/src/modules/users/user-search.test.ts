import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.ts';

type Matches = { items: Array<{ userId: string; userName: string; avatar: string | null }> };
const SEARCH = '/ai/api/v1/user/search';

describe('user search (admins pick a notice recipient by name)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses anonymous callers (401) and signed-in non-admins (403)', async () => {
    const anonymous = await t.call(SEARCH, { query: 'a' });
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 401]);
    const user = await t.user();
    const other = await t.call(SEARCH, { query: 'a' }, { token: user.token });
    expect([other.status, other.body.code]).toEqual([403, 403]);
  });

  it('finds users by part of their name, case-insensitively, names starting with it first', async () => {
    const admin = await t.admin();
    const stella = await t.user('Stella_Marsh');
    const marsh = await t.user('marshall');
    await t.user('percent%user');
    const res = await t.call<Matches>(SEARCH, { query: 'MARSH' }, { token: admin.token });
    expect(res.body.code).toBe(0);
    expect(res.body.data.items.map((u) => u.userName)).toEqual(['marshall', 'Stella_Marsh']);
    expect(res.body.data.items.map((u) => u.userId)).toEqual([marsh.userId, stella.userId]);
    // LIKE wildcards are letters here: "%" matches only a name with a "%" in it
    const literal = await t.call<Matches>(SEARCH, { query: '%' }, { token: admin.token });
    expect(literal.body.data.items.map((u) => u.userName)).toEqual(['percent%user']);
  });

  it('answers a blank query with a clear error and at most ten users', async () => {
    const admin = await t.admin();
    const blank = await t.call(SEARCH, { query: '   ' }, { token: admin.token });
    expect(blank.body.code).not.toBe(0);
    expect(blank.body.message).toMatch(/query/i);
    const zh = await t.call(SEARCH, { query: '' }, { token: admin.token, lang: 'zh_TW' });
    expect(zh.body.message).toMatch(/[\u4e00-\u9fff]/);
    for (let i = 0; i < 12; i++) await t.user(`bulk${i}_searcher`);
    const many = await t.call<Matches>(SEARCH, { query: 'searcher' }, { token: admin.token });
    expect(many.body.data.items).toHaveLength(10);
  });
});
