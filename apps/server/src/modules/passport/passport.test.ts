import { calls } from '@starlit/contract';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, formOf, type Page } from '../../../test/browser.ts';
import { startTestServer, type TestServer } from '../../../test/server.ts';
import { callbackOf, exchange, openSignIn, PASSWORD, signUpThroughPassport, submit } from '../../../test/sign-in.ts';
import { authCodes } from '../../db/schema/index.ts';

let t: TestServer;
let origin: string;
let serial = 0;
const freshName = () => `pp${++serial}_${Math.random().toString(36).slice(2, 7)}`;

beforeAll(async () => {
  t = await startTestServer({ SIGNIN_ATTEMPTS_PER_15_MIN: '1000' });
  origin = await t.starlit.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

const authorizeUrl = (redirectUri = `${origin}/`, extra: Record<string, string> = {}) =>
  `${origin}/passport/authorize?${new URLSearchParams({ response_type: 'code', client_id: 'starlit-web', redirect_uri: redirectUri, state: 'st-1', ...extra })}`;

async function signIn(b: Browser, page: Page, userName: string, password = PASSWORD) {
  const form = formOf(page.body, '/passport/signin');
  return b.request(new URL(form.action, origin), { form: { ...form.fields, username: userName, password } });
}

describe('pages', () => {
  it('shows a labelled sign-in form with no framing, no caching and a strict CSP', async () => {
    const page = await new Browser().request(authorizeUrl());
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('<label for="username">Username</label>');
    expect(page.body).toContain('<label for="password">Password</label>');
    expect(page.body).toMatch(/<button[^>]*type="submit">Sign in<\/button>/);
    expect(page.body).toContain('Starlit');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('content-security-policy')).not.toContain('script-src');
    expect(page.headers.get('cache-control')).toBe('no-store');
    // the sign-up link carries the OAuth parameters
    expect(page.body).toMatch(/href="\/passport\/signup\?response_type=code&amp;client_id=starlit-web&amp;redirect_uri=[^"]+&amp;state=st-1"/);
  });

  it('speaks zh_TW by ?lang=, then the starlit_lang cookie, then Accept-Language, with a toggle', async () => {
    const byQuery = await new Browser({ 'accept-language': 'en-US' }).request(authorizeUrl(undefined, { lang: 'zh_TW' }));
    expect(byQuery.body).toContain('<label for="username">使用者名稱</label>');
    expect(byQuery.body).toContain('lang="zh-Hant-TW"');
    expect(byQuery.body).toMatch(/<a class="lang" href="\/passport\/authorize\?[^"]*lang=en_US">English<\/a>/);

    const byCookie = new Browser({ 'accept-language': 'en-US' });
    byCookie.setCookie(origin, 'starlit_lang', 'zh_TW');
    expect((await byCookie.request(authorizeUrl())).body).toContain('使用者名稱');

    expect((await new Browser({ 'accept-language': 'zh-TW,zh;q=0.9' }).request(authorizeUrl())).body).toContain('使用者名稱');
    const english = await new Browser({ 'accept-language': 'zh-TW' }).request(authorizeUrl(undefined, { lang: 'en_US' }));
    expect(english.body).toContain('>Username<');
    expect(english.body).toContain('>繁體中文</a>');
  });

  it('remembers the language picked with the toggle for the following pages', async () => {
    const b = new Browser({ 'accept-language': 'en-US' });
    await b.request(`${origin}/passport/?lang=zh_TW`);
    expect((await b.request(authorizeUrl())).body).toContain('使用者名稱');
  });
});

describe('authorization requests', () => {
  it.each([
    // origin is known only once the server listens, hence functions
    ['a foreign redirect_uri', () => ({ redirect_uri: 'https://evil.example/' })],
    ['a look-alike host', () => ({ redirect_uri: `${origin.replace('127.0.0.1', '127.0.0.1.evil.example')}/` })],
    ['our origin as user info', () => ({ redirect_uri: `${origin}@evil.example/` })],
    ['another client', () => ({ client_id: 'someone-else' })],
    ['another response type', () => ({ response_type: 'token' })],
  ])('refuses %s with a 400 page and never redirects', async (_label, params) => {
    const b = new Browser();
    const page = await b.request(authorizeUrl(undefined, params()));
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    expect(page.body).toContain('This sign-in link is not valid');
    expect(page.body).not.toContain('/passport/signin');
  });

  it('issues no code to a foreign redirect_uri even for a valid account', async () => {
    const b = new Browser();
    const userName = freshName();
    await signUpThroughPassport(b, origin, userName);
    const before = (await t.starlit.database.db.select().from(authCodes)).length;
    const page = await b.request(authorizeUrl());
    const form = formOf(page.body, '/passport/continue');
    const res = await b.request(`${origin}/passport/continue`, { form: { ...form.fields, redirect_uri: 'https://evil.example/' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect((await t.starlit.database.db.select().from(authCodes)).length).toBe(before);
  });

  it('adds code and state to redirect_uri, keeping its path, query and fragment', async () => {
    const b = new Browser();
    const userName = freshName();
    await signUpThroughPassport(b, origin, userName);
    const page = await b.request(authorizeUrl(`${origin}/app/?tab=1#/agent`));
    const res = await b.request(`${origin}/passport/continue`, { form: formOf(page.body, '/passport/continue').fields });
    expect(res.status).toBe(302);
    const location = res.headers.get('location') ?? '';
    expect(location).toMatch(new RegExp(`^${origin}/app/\\?tab=1&code=[\\w-]{43}&state=st-1#/agent$`));
  });
});

describe('forms', () => {
  it('keeps the username and shows a localized error after a wrong password (200, en_US and zh_TW)', async () => {
    const userName = freshName();
    await t.starlit.services.auth.signUp(userName, PASSWORD);
    for (const [lang, message] of [
      ['en_US', 'Wrong username or password'],
      ['zh_TW', '使用者名稱或密碼錯誤'],
    ] as const) {
      const b = new Browser();
      const res = await signIn(b, await b.request(authorizeUrl(undefined, { lang })), userName, 'not the password');
      expect(res.status).toBe(200);
      expect(res.body).toContain(message);
      expect(res.body).toContain(`value="${userName}"`);
      expect(b.cookie(`${origin}/passport/`, 'starlit_passport')).toBeUndefined();
    }
  });

  it('escapes what the person typed', async () => {
    const b = new Browser();
    const res = await signIn(b, await b.request(authorizeUrl()), '"><script>alert(1)</script>');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('checks sign-ups with the account rules, in the page language', async () => {
    const b = new Browser();
    const page = await b.request(`${origin}/passport/signup?lang=zh_TW`);
    const form = formOf(page.body, '/passport/signup');
    const short = await b.request(`${origin}/passport/signup`, { form: { ...form.fields, username: 'ab', password: 'short', confirm: 'short' } });
    expect(short.status).toBe(200);
    expect(short.body).toContain('使用者名稱至少需要 3 個字元');
    expect(short.body).toContain('密碼至少需要 8 個字元');
    const odd = await b.request(`${origin}/passport/signup`, { form: { ...form.fields, username: 'a b!c', password: PASSWORD, confirm: 'different!' } });
    expect(odd.body).toContain('使用者名稱只能包含字母、數字');
    expect(odd.body).toContain('兩次輸入的密碼不一致');
    expect(b.cookie(`${origin}/passport/`, 'starlit_passport')).toBeUndefined();
  });

  it('refuses a taken username (any case) with a localized message', async () => {
    const userName = freshName();
    await t.starlit.services.auth.signUp(userName, PASSWORD);
    const b = new Browser();
    const page = await b.request(`${origin}/passport/signup`);
    const res = await b.request(`${origin}/passport/signup`, {
      form: { ...formOf(page.body, '/passport/signup').fields, username: userName.toUpperCase(), password: PASSWORD, confirm: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body).toContain('This username is already taken');
    expect(res.body).toContain(`value="${userName.toUpperCase()}"`);
  });

  it('refuses forms without the CSRF token of the browser', async () => {
    const userName = freshName();
    await t.starlit.services.auth.signUp(userName, PASSWORD);
    const b = new Browser();
    const page = await b.request(authorizeUrl());
    const { fields } = formOf(page.body, '/passport/signin');
    const { csrf: _csrf, ...withoutToken } = fields;
    const missing = await b.request(`${origin}/passport/signin`, { form: { ...withoutToken, username: userName, password: PASSWORD } });
    expect(missing.status).toBe(403);
    expect(missing.body).toContain('This form has expired');
    // a token from another browser is no better: it must match this browser's cookie
    const other = await new Browser().request(authorizeUrl());
    const forged = await b.request(`${origin}/passport/signin`, {
      form: { ...fields, csrf: formOf(other.body, '/passport/signin').fields.csrf ?? '', username: userName, password: PASSWORD },
    });
    expect(forged.status).toBe(403);
    expect(b.cookie(`${origin}/passport/`, 'starlit_passport')).toBeUndefined();
    const ok = await signIn(b, page, userName);
    expect(ok.status).toBe(302);
  });
  it('refuses a planted CSRF cookie with a field to match unless the server made the pair for this browser', async () => {
    const userName = freshName();
    await t.starlit.services.auth.signUp(userName, PASSWORD);
    const b = new Browser();
    const page = await b.request(authorizeUrl());
    const { fields } = formOf(page.body, '/passport/signin');
    // plain double submit: any value, the same in cookie and field
    const planted = 'p'.repeat(43);
    b.setCookie(origin, 'starlit_passport_csrf', planted, '/passport');
    const doubleSubmit = await b.request(`${origin}/passport/signin`, { form: { ...fields, csrf: planted, username: userName, password: PASSWORD } });
    expect(doubleSubmit.status).toBe(403);
    // a token made for that cookie with another secret is no better
    const wrongKey = createHmac('sha256', 'not the server secret at all, guessed').update(`passport-csrf\n${planted}\n`).digest('base64url');
    const signed = await b.request(`${origin}/passport/signin`, { form: { ...fields, csrf: wrongKey, username: userName, password: PASSWORD } });
    expect(signed.status).toBe(403);
    expect(b.cookie(`${origin}/passport/`, 'starlit_passport')).toBeUndefined();
  });

  it('binds the CSRF token to the provider session: a pair from the attacker browser cannot sign the victim out', async () => {
    const victim = new Browser();
    const back = await signUpThroughPassport(victim, origin, freshName());
    const session = (await exchange(victim, origin, back.code, back.state)).data;
    const attacker = new Browser();
    const attackerPage = await attacker.request(`${origin}/passport/`);
    victim.setCookie(origin, 'starlit_passport_csrf', attacker.cookie(`${origin}/passport/`, 'starlit_passport_csrf') ?? '', '/passport');
    const forged = await victim.request(`${origin}/passport/signout-all`, { form: { csrf: formOf(attackerPage.body, '/passport/signin').fields.csrf ?? '' } });
    expect(forged.status).toBe(403);
    expect((await t.call(calls.auth.me, {}, { token: session.token })).status).toBe(200);
  });
});

describe('provider session', () => {
  it('sets an HttpOnly, SameSite=Lax cookie on /passport and offers "Continue as" next time', async () => {
    const b = new Browser();
    const userName = freshName();
    const page = await openSignIn(b, origin);
    const signUpPage = await b.request(`${origin}/passport/signup?${new URL(page.url).searchParams}`);
    const form = formOf(signUpPage.body, '/passport/signup');
    const res = await b.request(`${origin}/passport/signup`, { form: { ...form.fields, username: userName, password: PASSWORD, confirm: PASSWORD } });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('starlit_passport='));
    expect(cookie).toMatch(/Path=\/passport/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    const again = await openSignIn(b, origin);
    expect(again.body).toContain(`Continue as ${userName}`);
    const { next } = await submit(b, origin, again, '/passport/continue');
    const back = callbackOf(next);
    expect(back.state).toBe(b.cookie(origin, 'starlit_auth_state'));
    expect((await exchange(b, origin, back.code, back.state)).data.userName).toBe(userName);
  });

  it('"Use another account" signs out of the provider and shows the sign-in form again', async () => {
    const b = new Browser();
    await signUpThroughPassport(b, origin, freshName());
    const providerToken = b.cookie(`${origin}/passport/`, 'starlit_passport') ?? '';
    expect(await t.starlit.services.auth.authenticateProvider(providerToken)).not.toBeNull();
    const continuePage = await openSignIn(b, origin);
    const form = formOf(continuePage.body, '/passport/signout');
    const out = await b.request(`${origin}/passport/signout`, { form: form.fields });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toMatch(/^\/passport\/authorize\?response_type=code&client_id=starlit-web&redirect_uri=/);
    expect(await t.starlit.services.auth.authenticateProvider(providerToken)).toBeNull();
    const { page } = await b.follow(out);
    expect(page.body).toContain('<label for="username">Username</label>');
  });

  it('keeps the two kinds of session apart: the provider cookie opens no API call, an API token no provider page', async () => {
    const b = new Browser();
    const back = await signUpThroughPassport(b, origin, freshName());
    const session = (await exchange(b, origin, back.code, back.state)).data;
    const providerToken = b.cookie(`${origin}/passport/`, 'starlit_passport') ?? '';
    expect(providerToken).not.toBe('');
    const asToken = await t.call(calls.auth.me, {}, { token: providerToken });
    expect(asToken.status).toBe(401);
    expect(asToken.body.code).toBe(401);
    const asBearer = await fetch(`${origin}/ai/api/v1/auth/me`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${providerToken}` }, body: '{}' });
    expect(asBearer.status).toBe(401);
    for (const token of [session.token, session.passportToken]) {
      const planted = new Browser();
      planted.setCookie(origin, 'starlit_passport', token, '/passport');
      expect((await planted.request(`${origin}/passport/`)).body).toContain('<label for="username">Username</label>');
    }
  });

  it('account page: signed in as, sign out, sign out everywhere (which ends the app sessions too)', async () => {
    const b = new Browser();
    const userName = freshName();
    const back = await signUpThroughPassport(b, origin, userName);
    const session = (await exchange(b, origin, back.code, back.state)).data;
    const account = await b.request(`${origin}/passport/`);
    expect(account.body).toContain(`Signed in as ${userName}`);
    expect(account.body).toContain('>Sign out<');
    expect(account.body).toContain('href="/"');
    const everywhere = await b.request(`${origin}/passport/signout-all`, { form: formOf(account.body, '/passport/signout-all').fields });
    expect(everywhere.headers.get('location')).toBe('/passport/');
    expect((await t.call(calls.auth.me, {}, { token: session.token })).status).toBe(401);
    expect((await t.call(calls.auth.me, {}, { token: session.passportToken })).status).toBe(401);
    expect((await b.request(`${origin}/passport/`)).body).toContain('<label for="username">Username</label>');
  });

  it('plain sign-out ends only the provider session', async () => {
    const b = new Browser();
    const back = await signUpThroughPassport(b, origin, freshName());
    const session = (await exchange(b, origin, back.code, back.state)).data;
    const account = await b.request(`${origin}/passport/`);
    const out = await b.request(`${origin}/passport/signout`, { form: formOf(account.body, '/passport/signout').fields });
    expect(out.headers.get('location')).toBe('/passport/');
    expect(b.cookie(`${origin}/passport/`, 'starlit_passport')).toBeUndefined();
    expect((await t.call(calls.auth.me, {}, { token: session.token })).status).toBe(200);
  });

  it('signing in on /passport/ without OAuth parameters lands on the account page', async () => {
    const userName = freshName();
    await t.starlit.services.auth.signUp(userName, PASSWORD);
    const b = new Browser();
    const page = await b.request(`${origin}/passport/`);
    expect(page.body).not.toContain('name="redirect_uri"');
    const res = await signIn(b, page, userName);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/passport/');
    expect((await b.follow(res)).page.body).toContain(`Signed in as ${userName}`);
  });
});

describe('with a small attempt budget and PUBLIC_URL', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startTestServer({ SIGNIN_ATTEMPTS_PER_15_MIN: '3', PUBLIC_URL: 'https://starlit.example/' });
  });
  afterAll(async () => {
    await small?.close();
  });

  // app.inject lets each attempt come from a chosen client address; the form comes from a
  // page that address opened, so the CSRF check passes as in a browser
  async function post(path: string, ip: string, fields: Record<string, string>, lang = 'en_US') {
    const page = await small.starlit.app.inject({ url: path === '/passport/signup' ? path : '/passport/', remoteAddress: ip, headers: { cookie: `starlit_lang=${lang}` } });
    const cookies = page.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    return small.starlit.app.inject({
      method: 'POST',
      url: path,
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${cookies}; starlit_lang=${lang}` },
      payload: new URLSearchParams({ ...formOf(page.body, path).fields, ...fields }).toString(),
    });
  }
  const attempt = (ip: string, userName: string, lang = 'en_US', password = 'wrong password') => post('/passport/signin', ip, { username: userName, password }, lang);
  const signedIn = (res: Awaited<ReturnType<typeof attempt>>) => res.statusCode === 302 && res.cookies.some((c) => c.name === 'starlit_passport' && c.value !== '');
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('slows an address down after its free failures with growing waits, on a localized 429 page', async () => {
    // an address gets three times the per-name budget (3) across names: nine free failures
    for (let i = 0; i < 10; i++) expect((await attempt('10.0.0.1', `someone${i}`)).statusCode).toBe(200);
    const blocked = await attempt('10.0.0.1', 'someone9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('2');
    expect(blocked.body).toContain('Too many sign-in attempts. Please wait 2 seconds and try again.');
    const zh = await attempt('10.0.0.1', 'someone9', 'zh_TW');
    expect(zh.body).toContain('登入嘗試次數過多，請等待 2 秒後再試。');
    expect((await attempt('10.0.0.2', 'someone9')).statusCode).toBe(200);
    await pause(2100);
    expect((await attempt('10.0.0.1', 'someone10')).statusCode).toBe(200);
    const longer = await attempt('10.0.0.1', 'someone11');
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(2);
  });

  it('lets the owner in from their own address while others hammer the name from many', async () => {
    await small.starlit.services.auth.signUp('target_user', PASSWORD);
    for (let i = 0; i < 10; i++) {
      const statuses = [];
      for (let n = 0; n < 5; n++) statuses.push((await attempt(`10.1.0.${i}`, n % 2 ? 'Target_User' : 'target_user')).statusCode);
      // three free failures per name and address, a fourth that starts the wait, then refused
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    }
    expect(signedIn(await attempt('10.1.0.99', 'target_user', 'en_US', PASSWORD))).toBe(true);
  });

  it('counts only failures: sign-ins that succeed never use up the budget, and one forgives the mistakes before it', async () => {
    await small.starlit.services.auth.signUp('regular_user', PASSWORD);
    for (let i = 0; i < 8; i++) expect(signedIn(await attempt('10.2.0.1', 'regular_user', 'en_US', PASSWORD))).toBe(true);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3; i++) expect((await attempt('10.2.0.2', 'regular_user')).statusCode).toBe(200);
      expect(signedIn(await attempt('10.2.0.2', 'regular_user', 'en_US', PASSWORD))).toBe(true);
    }
  });

  it('limits sign-ups per address', async () => {
    for (let i = 0; i < 3; i++) expect((await post('/passport/signup', '10.3.0.1', { username: `maker${i}`, password: PASSWORD, confirm: PASSWORD })).statusCode).toBe(302);
    const blocked = await post('/passport/signup', '10.3.0.1', { username: 'maker9', password: PASSWORD, confirm: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toContain('Please wait 15 minutes');
    expect(await small.starlit.services.users.byName('maker9')).toBeNull();
  });

  it('takes the public origin from PUBLIC_URL for redirect_uri checks', async () => {
    const open = (redirectUri: string) =>
      small.starlit.app.inject({
        url: `/passport/authorize?${new URLSearchParams({ response_type: 'code', client_id: 'starlit-web', redirect_uri: redirectUri, state: 's' })}`,
        headers: { host: '127.0.0.1:8080' },
      });
    expect((await open('https://starlit.example/')).statusCode).toBe(200);
    expect((await open('http://127.0.0.1:8080/')).statusCode).toBe(400);
    const started = await small.starlit.app.inject({ url: '/ai/api/v1/auth/authorize', headers: { host: '127.0.0.1:8080' } });
    expect(started.headers.location).toMatch(/^https:\/\/starlit\.example\/passport\/authorize\?/);
  });
});
