import { type CallOutput, calls } from '@starlit/contract';
import { type Browser, formOf, type Page } from './browser.ts';

export const PASSWORD = 'correct horse battery';

/** Where the provider sent the browser back to the app, with the code and state it carries. */
export interface Callback {
  url: URL;
  code: string;
  state: string;
}

/** Opens the app's sign-in entry and follows it to the provider's page. */
export async function openSignIn(b: Browser, origin: string, returnTo = '/#/agent'): Promise<Page> {
  const start = await b.request(`${origin}/ai/api/v1/auth/authorize?return_to=${encodeURIComponent(returnTo)}`);
  return (await b.follow(start)).page;
}

/** Submits a passport form found on `page`, and follows redirects until the app's own address. */
export async function submit(b: Browser, origin: string, page: Page, action: string, fields: Record<string, string> = {}) {
  const form = formOf(page.body, action);
  const res = await b.request(new URL(form.action, page.url), { form: { ...form.fields, ...fields } });
  return b.follow(res, (next) => next.origin === origin && !next.pathname.startsWith('/passport') && !next.pathname.startsWith('/ai/'));
}

export function callbackOf(next: URL | null): Callback {
  if (!next) throw new Error('the provider did not send the browser back to the app');
  return { url: next, code: next.searchParams.get('code') ?? '', state: next.searchParams.get('state') ?? '' };
}

/** The whole built-in flow for a new user: app → sign-up page → back to the app with a code. */
export async function signUpThroughPassport(b: Browser, origin: string, userName: string, returnTo = '/#/agent'): Promise<Callback> {
  return signUpFrom(b, origin, await openSignIn(b, origin, returnTo), userName);
}

/** From the provider's sign-in page: follow the sign-up link and create the account. */
export async function signUpFrom(b: Browser, origin: string, signIn: Page, userName: string): Promise<Callback> {
  const href = /href="(\/passport\/signup\?[^"]*)"/.exec(signIn.body)?.[1];
  if (!href) throw new Error('no sign-up link on the sign-in page');
  const signUp = await b.request(new URL(href.replace(/&amp;/g, '&'), origin));
  const { next } = await submit(b, origin, signUp, '/passport/signup', { username: userName, password: PASSWORD, confirm: PASSWORD });
  return callbackOf(next);
}

/** The app's half: exchanges the code with the state cookie the browser carries. */
export async function exchange(b: Browser, origin: string, code: string, state?: string) {
  const res = await b.request(`${origin}${calls.auth.codeToToken.path}`, { json: state === undefined ? { code } : { code, state } });
  return JSON.parse(res.body) as { code: number; message: string; data: CallOutput<typeof calls.auth.codeToToken> };
}
