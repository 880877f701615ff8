import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe('unread count', () => {
  it('refuses anonymous callers with 401', async () => {
    const res = await t.call('/ai/api/v1/message/notice/get_all_unread_count');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
    expect(res.body.message).toBe('Please log in first');
  });

  it('counts the welcome notice of a new user as strings', async () => {
    const u = await t.user();
    const res = await t.call('/ai/api/v1/message/notice/get_all_unread_count', {}, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 0, data: { system: '1', interact: '0', all: '1' }, message: '' });
  });
});
