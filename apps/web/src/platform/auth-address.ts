/** Query parameters of the sign-in round trip (SPEC §4). */
const SIGN_IN_PARAMS = ['code', 'state'] as const;
const NO_LOGIN = 'noLogin';

export interface AuthParams {
  code: string | null;
  state: string | null;
  noLogin: boolean;
}

// A hash route keeps its own query ("#/content?tab=x"), so parameters may sit on either side of '#'.
function splitHash(hash: string): { route: string; query: URLSearchParams } {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const at = body.indexOf('?');
  return at < 0 ? { route: body, query: new URLSearchParams() } : { route: body.slice(0, at), query: new URLSearchParams(body.slice(at + 1)) };
}

function pick(url: URL, name: string): string | null {
  return url.searchParams.get(name) ?? splitHash(url.hash).query.get(name);
}

/** The sign-in parameters of an address, looked up in its search and in its hash's query. */
export function readAuthParams(href: string): AuthParams {
  const url = new URL(href);
  return { code: pick(url, 'code'), state: pick(url, 'state'), noLogin: pick(url, NO_LOGIN) !== null };
}

/** The address without the given query parameters, on both sides of '#'. */
export function withoutParams(href: string, names: readonly string[]): string {
  const url = new URL(href);
  for (const name of names) url.searchParams.delete(name);
  const { route, query } = splitHash(url.hash);
  for (const name of names) query.delete(name);
  const rest = query.toString();
  url.hash = route || rest ? `${route}${rest ? `?${rest}` : ''}` : '';
  return url.href;
}

/** The address with `code` and `state` removed (after an exchange, successful or not). */
export function withoutSignInParams(href: string): string {
  return withoutParams(href, SIGN_IN_PARAMS);
}

/** Where the sign-in provider should send the browser back: the address with noLogin, code and state stripped. */
export function returnAddress(href: string): string {
  return withoutParams(href, [...SIGN_IN_PARAMS, NO_LOGIN]);
}

/**
 * Where to go after a sign-in: the server's `returnTo` when it is on this origin, else home.
 * history.replaceState throws on another origin, which would leave the page blank.
 */
export function signedInAddress(returnTo: string | null, href: string): string {
  const home = '/#/';
  if (returnTo === null || !URL.canParse(returnTo, href)) return home;
  return new URL(returnTo, href).origin === new URL(href).origin ? returnTo : home;
}

/** The authorize address of the AI host that starts a sign-in and comes back to `href`; the provider's pages use `lang`. */
export function authorizeUrl(aiHost: string, href: string, lang: string): string {
  return `${aiHost}/ai/api/v1/auth/authorize?return_to=${encodeURIComponent(returnAddress(href))}&lang=${encodeURIComponent(lang)}`;
}

/** The address a 401 sends the browser to: home with noLogin, so nothing redirects again on the reload. */
export function signedOutAddress(href: string): string {
  const url = new URL(href);
  url.search = '';
  url.hash = `/?${NO_LOGIN}=1`;
  return url.href;
}
