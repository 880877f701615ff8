import { calls } from '@starlit/contract';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, formOf } from '../../../test/browser.ts';
import { startTestServer, type TestServer } from '../../../test/server.ts';
import { callbackOf, exchange } from '../../../test/sign-in.ts';
import { userIdentities } from '../../db/schema/index.ts';

/** Display names the test provider knows; any other login gets its own id as name. */
const names: Record<string, string> = { 'sub-mika-01': 'Mika', 'sub-clash-02': 'taken_name' };

let t: TestServer;
let origin: string;
let issuer: string;
const providerServer = http.createServer();

beforeAll(async () => {
  // The provider needs Starlit's address for its client and Starlit needs the provider's
  // issuer, so the provider's port is taken first and its handler attached last.
  await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(providerServer.address() as AddressInfo).port}`;
  t = await startTestServer({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'starlit', OIDC_CLIENT_SECRET: 'a-long-test-client-secret' });
  origin = await t.starlit.app.listen({ port: 0, host: '127.0.0.1' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'starlit',
        client_secret: 'a-long-test-client-secret',
        redirect_uris: [`${origin}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['preferred_username'] },
    // put profile claims in the ID token, which is what Starlit reads
    conformIdTokenClaims: false,
    cookies: { keys: ['test-cookie-signing-key'] },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id, preferred_username: names[id] ?? id }) }),
  });
  providerServer.on('request', provider.callback());
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => providerServer.close(resolve));
});

/** A browser walking app → provider login → consent → back to the app with a code. */
async function signInAt(b: Browser, login: string) {
  const start = await b.request(`${origin}/ai/api/v1/auth/authorize?return_to=/%23/agent`);
  expect(start.headers.get('location')).toMatch(new RegExp(`^${issuer}/`));
  const backToApp = (next: URL) => next.origin === origin;
  let step = await b.follow(start, backToApp);
  for (let prompts = 0; !step.next && prompts < 3; prompts++) {
    const form = formOf(step.page.body, /\/interaction\//);
    const fields: Record<string, string> = form.fields.prompt === 'login' ? { login, password: 'anything' } : {};
    const res = await b.request(new URL(form.action, step.page.url), { form: { ...form.fields, ...fields } });
    step = await b.follow(res, backToApp);
  }
  const back = callbackOf(step.next);
  expect(back.url.pathname).toBe('/');
  return exchange(b, origin, back.code, back.state);
}

describe('external OpenID Connect provider', () => {
  it('signs in through the provider and creates a user linked to the subject', async () => {
    const session = await signInAt(new Browser(), 'sub-mika-01');
    expect(session.code).toBe(0);
    expect(session.data).toMatchObject({ userName: 'Mika', returnTo: '/#/agent' });
    const me = await t.call(calls.auth.me, {}, { token: session.data.token });
    expect(me.body.data).toMatchObject({ userId: session.data.userId, userName: 'Mika' });
    const links = await t.starlit.database.db
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, 'sub-mika-01')));
    expect(links.map((l) => l.userId)).toEqual([session.data.userId]);
  });

  it('gives the same subject the same user on every sign-in, with or without a provider session', async () => {
    const b = new Browser();
    const first = await signInAt(b, 'sub-same-03');
    const again = await signInAt(b, 'sub-same-03');
    const elsewhere = await signInAt(new Browser(), 'sub-same-03');
    expect(first.code).toBe(0);
    expect(again.data.userId).toBe(first.data.userId);
    expect(elsewhere.data.userId).toBe(first.data.userId);
    expect(again.data.token).not.toBe(first.data.token);
  });

  it('gives a subject whose name is taken a name of its own', async () => {
    const local = await t.starlit.services.auth.signUp('taken_name', 'correct horse battery');
    const session = await signInAt(new Browser(), 'sub-clash-02');
    expect(session.data.userId).not.toBe(local.id);
    expect(session.data.userName).toMatch(/^taken_name\d+$/);
  });

  it('refuses a code without the state cookie of the browser that started', async () => {
    const b = new Browser();
    const start = await b.request(`${origin}/ai/api/v1/auth/authorize`);
    const other = new Browser();
    await other.request(`${origin}/ai/api/v1/auth/authorize`);
    b.setCookie(origin, 'starlit_auth_state', other.cookie(origin, 'starlit_auth_state') ?? '');
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
    expect((await exchange(b, origin, 'whatever', state)).code).toBe(2005);
  });

  it('turns the built-in passport pages off with a 404 that explains why', async () => {
    const b = new Browser({ 'accept-language': 'en-US' });
    for (const path of ['/passport/', '/passport/authorize?response_type=code&client_id=starlit-web']) {
      const page = await b.request(`${origin}${path}`);
      expect(page.status).toBe(404);
      expect(page.body).toContain('Sign-in happens elsewhere');
    }
    const post = await b.request(`${origin}/passport/signin`, { form: { username: 'a', password: 'b' } });
    expect(post.status).toBe(404);
    expect((await new Browser({ 'accept-language': 'zh-TW' }).request(`${origin}/passport/`)).body).toContain('請在其他地方登入');
  });
});
