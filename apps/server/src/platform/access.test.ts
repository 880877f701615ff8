import { allCalls } from '@starlit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.ts';

// Every call of the contract, tried by an anonymous visitor, a signed-in user and an admin:
// access is checked before the body, so an empty body tells the access answer apart.
let t: TestServer;
let userName: string;
beforeAll(async () => {
  t = await startTestServer();
  userName = (await t.user()).userName;
});
afterAll(async () => {
  await t?.close();
});

const expected = {
  public: { anonymous: 200, user: 200, admin: 200 },
  user: { anonymous: 401, user: 200, admin: 200 },
  admin: { anonymous: 401, user: 403, admin: 200 },
} as const;

describe.each(allCalls().map((c) => [c.path, c] as const))('%s', (path, call) => {
  it(`answers ${JSON.stringify(expected[call.access])}`, async () => {
    // fresh sessions for every call: logout and logout_all end the ones they are given
    const user = await t.user(userName);
    const admin = await t.admin();
    const anonymous = await t.call(path, {});
    const asUser = await t.call(path, {}, { token: user.token });
    const asAdmin = await t.call(path, {}, { token: admin.token });
    expect({ anonymous: anonymous.status, user: asUser.status, admin: asAdmin.status }).toEqual(expected[call.access]);
    for (const res of [anonymous, asUser, asAdmin]) {
      expect(res.body).toHaveProperty('code');
      expect(typeof res.body.message).toBe('string');
    }
  });
});
