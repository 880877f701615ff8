import { calls } from '@starlit/contract';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Browser } from '../../../test/browser.ts';
import { startTestServer, type TestServer } from '../../../test/server.ts';
import { exchange, openSignIn, signUpFrom, signUpThroughPassport } from '../../../test/sign-in.ts';
import { authCodes, authStates, sessions } from '../../db/schema/index.ts';

let t: TestServer;
let origin: string;
let serial = 0;
const freshName = () => `flow${++serial}_${Math.random().toString(36).slice(2, 7)}`;

beforeAll(async () => {
  t = await startTestServer({ ADMIN_USERS: 'admin,Boss_One', SIGNIN_ATTEMPTS_PER_15_MIN: '1000' });
  origin = await t.starlit.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const CODE_INVALID = { code: 2001, message: 'The sign-in code is invalid or has expired, please sign in again' };

describe('built-in sign-in flow', () => {
  it('goes app → passport → sign up → back with code and state → session, returning to /#/agent', async () => {
    const b = new Browser();
    const start = await b.request(`${origin}/ai/api/v1/auth/authorize?return_to=/%23/agent`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location') ?? '');
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${origin}/passport/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe('starlit-web');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${origin}/`);
    const stateCookie = b.cookie(origin, 'starlit_auth_state');
    expect(stateCookie).toBe(authorize.searchParams.get('state'));

    const userName = freshName();
    const back = await signUpFrom(b, origin, (await b.follow(start)).page, userName);
    expect(`${back.url.origin}${back.url.pathname}`).toBe(`${origin}/`);
    expect(back.code).not.toBe('');
    expect(back.state).toBe(stateCookie);

    const session = await exchange(b, origin, back.code, back.state);
    expect(session.code).toBe(0);
    expect(session.data).toMatchObject({ userName, returnTo: '/#/agent' });
    const me = await t.call(calls.auth.me, {}, { token: session.data.token });
    expect(me.body).toMatchObject({ code: 0, data: { userId: session.data.userId, userName, role: 'user' } });
    // the native app sends the passport token instead (SPEC §6)
    const viaPassportToken = await t.call(calls.auth.me, {}, { token: session.data.passportToken });
    expect(viaPassportToken.body.data).toMatchObject({ userName });
    expect(session.data.passportToken).not.toBe(session.data.token);
  });

  it('accepts a code once: a second exchange answers code 2001', async () => {
    const b = new Browser();
    const back = await signUpThroughPassport(b, origin, freshName());
    expect((await exchange(b, origin, back.code, back.state)).code).toBe(0);
    // a replay with everything the first exchange had, the state cookie put back too
    b.setCookie(origin, 'starlit_auth_state', back.state);
    expect(await exchange(b, origin, back.code, back.state)).toMatchObject(CODE_INVALID);
  });

  it('lets a code expire after 60 seconds', async () => {
    const user = await t.user();
    const started = async () => {
      const b = new Browser();
      await openSignIn(b, origin);
      const state = b.cookie(origin, 'starlit_auth_state') ?? '';
      return { b, code: await t.starlit.services.auth.issueCode(user.userId, `${origin}/`, state) };
    };
    // both codes are issued at one frozen moment: however slow the machine, one is 59 s old and the other 61 s
    vi.useFakeTimers({ toFake: ['Date'] });
    const issuedAt = Date.now();
    const fresh = await started();
    const stale = await started();
    vi.setSystemTime(issuedAt + 59_000);
    expect((await exchange(fresh.b, origin, fresh.code)).code).toBe(0);
    vi.setSystemTime(issuedAt + 61_000);
    expect(await exchange(stale.b, origin, stale.code)).toMatchObject(CODE_INVALID);
  });

  it('refuses a state the browser did not start', async () => {
    const b = new Browser();
    const back = await signUpThroughPassport(b, origin, freshName());
    const other = new Browser();
    await openSignIn(other, origin);
    b.setCookie(origin, 'starlit_auth_state', other.cookie(origin, 'starlit_auth_state') ?? '');
    const res = await exchange(b, origin, back.code, back.state);
    expect(res).toMatchObject({ code: 2005, message: 'The sign-in request has expired, please sign in again' });
  });

  it('refuses a state sent from a browser that holds no sign-in cookie', async () => {
    const b = new Browser();
    const back = await signUpThroughPassport(b, origin, freshName());
    const res = await exchange(new Browser(), origin, back.code, back.state);
    expect(res).toMatchObject({ code: 2005 });
  });

  it('refuses a code issued for another redirect URI', async () => {
    const b = new Browser();
    await openSignIn(b, origin);
    const state = b.cookie(origin, 'starlit_auth_state') ?? '';
    const user = await t.user();
    const code = await t.starlit.services.auth.issueCode(user.userId, 'http://elsewhere.example/', state);
    expect(await exchange(b, origin, code, state)).toMatchObject(CODE_INVALID);
  });

  it("refuses a link carrying the attacker's own code to a victim's browser (login CSRF)", async () => {
    // the attacker gets a code for their own account, without the app's state or with their own
    const attacker = new Browser();
    const theirs = await signUpThroughPassport(attacker, origin, freshName());
    const victim = new Browser();
    expect(await exchange(victim, origin, theirs.code)).toMatchObject({ code: 2005 });
    // even when the victim has a sign-in of their own in flight, the attacker's code does not answer it
    await openSignIn(victim, origin);
    const other = await signUpThroughPassport(new Browser(), origin, freshName());
    expect(await exchange(victim, origin, other.code)).toMatchObject(CODE_INVALID);
  });

  it('accepts the spec payload {code} alone: the state comes from the browser cookie', async () => {
    const b = new Browser();
    const back = await signUpThroughPassport(b, origin, freshName());
    const res = await exchange(b, origin, back.code);
    expect(res.code).toBe(0);
    expect(res.data.returnTo).toBe('/#/agent');
  });

  it('keeps codes and sessions only as SHA-256 hashes of ≥128-bit random tokens', async () => {
    const b = new Browser();
    const back = await signUpThroughPassport(b, origin, freshName());
    const codeRows = await t.starlit.database.db.select().from(authCodes);
    expect(JSON.stringify(codeRows)).not.toContain(back.code);
    expect(codeRows.map((r) => r.codeHash)).toContain(createHash('sha256').update(back.code).digest('hex'));

    const session = await exchange(b, origin, back.code, back.state);
    const rows = await t.starlit.database.db.select().from(sessions).where(eq(sessions.userId, session.data.userId));
    const dump = JSON.stringify(rows);
    for (const token of [session.data.token, session.data.passportToken, back.code]) {
      expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      expect(dump).not.toContain(token);
    }
    const hashes = rows.map((r) => r.tokenHash);
    expect(hashes).toContain(createHash('sha256').update(session.data.token).digest('hex'));
    expect(hashes).toContain(createHash('sha256').update(session.data.passportToken).digest('hex'));
    // web + passport for the app, provider for the passport cookie
    expect(rows.map((r) => r.kind).sort()).toEqual(['passport', 'provider', 'web']);
  });
});

describe('sessions', () => {
  it('logout ends the sign-in that calls it (web and passport tokens) and nothing else', async () => {
    const name = freshName();
    const first = await t.user(name);
    const second = await t.user(name);
    expect((await t.call(calls.auth.me, {}, { token: first.passportToken })).status).toBe(200);
    const out = await t.call(calls.auth.logout, {}, { as: first });
    expect(out.body).toMatchObject({ code: 0, data: { revoked: 2 } });
    expect((await t.call(calls.auth.me, {}, { as: first })).status).toBe(401);
    expect((await t.call(calls.auth.me, {}, { token: first.passportToken })).status).toBe(401);
    expect((await t.call(calls.auth.me, {}, { as: second })).body).toMatchObject({ code: 0, data: { userName: name } });
    expect((await t.call(calls.auth.me, {}, { token: second.passportToken })).status).toBe(200);
  });

  it('logout_all revokes every session and passport token of the user', async () => {
    const b = new Browser();
    const name = freshName();
    const back = await signUpThroughPassport(b, origin, name);
    const viaFlow = (await exchange(b, origin, back.code, back.state)).data;
    const other = await t.user(name);
    const bystander = await t.user();
    const out = await t.call(calls.auth.logoutAll, {}, { as: other });
    expect(out.body.code).toBe(0);
    for (const token of [viaFlow.token, viaFlow.passportToken, other.token]) {
      const me = await t.call(calls.auth.me, {}, { token });
      expect(me.status).toBe(401);
      expect(me.body).toMatchObject({ code: 401, message: 'Please log in first' });
    }
    expect((await t.call(calls.auth.me, {}, { as: bystander })).status).toBe(200);
  });

  it('answers 401 to anonymous me, logout and logout_all, localized', async () => {
    for (const call of [calls.auth.me, calls.auth.logout, calls.auth.logoutAll]) {
      const res = await t.call(call, {}, { lang: 'zh_TW' });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 401, message: '請先登入' });
    }
    expect((await t.call(calls.auth.me, {}, { token: 'not-a-token' })).status).toBe(401);
  });

  it('gives ADMIN_USERS the admin role, whatever the case of the name', async () => {
    const admin = await t.admin();
    expect((await t.call(calls.auth.me, {}, { as: admin })).body.data).toMatchObject({ userName: 'admin', role: 'admin' });
    const b = new Browser();
    const back = await signUpThroughPassport(b, origin, 'boss_one');
    const session = await exchange(b, origin, back.code, back.state);
    expect(session.data.userInfo.role).toBe('admin');
    const plain = await t.user();
    expect((await t.call(calls.auth.me, {}, { as: plain })).body.data).toMatchObject({ role: 'user' });
  });
});

describe('housekeeping', () => {
  it('sweeps spent codes and expired sessions, keeping live ones', async () => {
    const live = await t.user();
    const b = new Browser();
    const back = await signUpThroughPassport(b, origin, freshName());
    expect((await exchange(b, origin, back.code, back.state)).code).toBe(0);
    const db = t.starlit.database.db;
    const expired = await t.user();
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expired.userId));
    await t.starlit.services.auth.sweep();
    const spent = createHash('sha256').update(back.code).digest('hex');
    expect(await db.select().from(authCodes).where(eq(authCodes.codeHash, spent))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, expired.userId))).toHaveLength(0);
    expect((await t.call(calls.auth.me, {}, { as: live })).status).toBe(200);
  });
});

describe('starting sign-ins', () => {
  it('budgets starts per client address (each leaves a state row) and says when to come back', async () => {
    // six starts per sign-in attempt of the budget
    const small = await startTestServer({ SIGNIN_ATTEMPTS_PER_15_MIN: '1' });
    try {
      const start = (ip: string) => small.starlit.app.inject({ url: '/ai/api/v1/auth/authorize?return_to=%2F', remoteAddress: ip, headers: { host: 'localhost', 'x-lang': 'zh_TW' } });
      const rows = async () => (await small.starlit.database.db.select().from(authStates)).length;
      for (let i = 0; i < 6; i++) expect((await start('10.9.0.1')).statusCode).toBe(302);
      expect(await rows()).toBe(6);
      const refused = await start('10.9.0.1');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
      expect(refused.json()).toMatchObject({ code: 429 });
      expect(refused.headers['set-cookie']).toBeUndefined();
      expect(await rows()).toBe(6);
      expect((await start('10.9.0.2')).statusCode).toBe(302);
    } finally {
      await small.close();
    }
  });
});

describe('language', () => {
  it('opens the provider pages in the language the app was using', async () => {
    const start = await t.starlit.app.inject({ method: 'GET', url: '/ai/api/v1/auth/authorize?return_to=%2F&lang=zh_TW', headers: { host: 'localhost' } });
    expect(start.statusCode).toBe(302);
    const location = new URL(start.headers.location as string);
    expect(location.searchParams.get('lang')).toBe('zh_TW');
    const page = await t.starlit.app.inject({ method: 'GET', url: `${location.pathname}${location.search}`, headers: { host: 'localhost' } });
    expect(page.body).toContain('使用者名稱');
  });
});
