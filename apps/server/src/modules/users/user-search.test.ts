import { calls } from '@starlit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildUser } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/server.ts';

const search = calls.users.search;

describe('user search (admins pick a notice recipient by name)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses anonymous callers (401) and signed-in non-admins (403)', async () => {
    const anonymous = await t.call(search, { query: 'a' });
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 401]);
    const user = await buildUser(t);
    const other = await t.call(search, { query: 'a' }, { as: user });
    expect([other.status, other.body.code]).toEqual([403, 403]);
  });

  it('finds users by part of their name, case-insensitively, names starting with it first', async () => {
    const admin = await buildAdmin(t);
    const stella = await buildUser(t, 'Stella_Marsh');
    const marsh = await buildUser(t, 'marshall');
    await buildUser(t, 'percent%user');
    const res = await t.call(search, { query: 'MARSH' }, { as: admin });
    expect(res.body.code).toBe(0);
    expect(res.body.data.items.map((u) => u.userName)).toEqual(['marshall', 'Stella_Marsh']);
    expect(res.body.data.items.map((u) => u.userId)).toEqual([marsh.userId, stella.userId]);
    // LIKE wildcards are letters here: "%" matches only a name with a "%" in it
    const literal = await t.call(search, { query: '%' }, { as: admin });
    expect(literal.body.data.items.map((u) => u.userName)).toEqual(['percent%user']);
  });

  it('answers a blank query with a clear error and at most ten users', async () => {
    const admin = await buildAdmin(t);
    const blank = await t.call(search, { query: '   ' }, { as: admin });
    expect(blank.body.code).not.toBe(0);
    expect(blank.body.message).toMatch(/query/i);
    const zh = await t.call(search, { query: '' }, { as: admin, lang: 'zh_TW' });
    expect(zh.body.message).toMatch(/[\u4e00-\u9fff]/);
    for (let i = 0; i < 12; i++) await buildUser(t, `bulk${i}_searcher`);
    const many = await t.call(search, { query: 'searcher' }, { as: admin });
    expect(many.body.data.items).toHaveLength(10);
  });
});
