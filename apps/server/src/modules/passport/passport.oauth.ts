/** The only client of the built-in provider: the Starlit web app itself. */
export const CLIENT_ID = 'starlit-web';

const PARAMS = ['response_type', 'client_id', 'redirect_uri', 'state'] as const;

/** A validated authorization request (OAuth 2.0 authorization code grant). */
export interface AuthorizeRequest {
  redirectUri: string;
  state: string | null;
}

/**
 * What a page or form says about the sign-in in flight: `none` when it carries no OAuth
 * parameters (someone opened /passport/ directly), `invalid` when they are wrong.
 */
export type Flow = { kind: 'none' } | { kind: 'invalid' } | { kind: 'oauth'; request: AuthorizeRequest };

/** A string field of a parsed query or form, or '' when it is missing or repeated. */
export const stringField = (source: Record<string, unknown>, key: string) => (typeof source[key] === 'string' ? (source[key] as string) : '');

/**
 * Reads the OAuth parameters of a query or form. redirect_uri must be on the app's own
 * public origin: the code is a credential, so it is never sent to anyone else.
 */
export function readFlow(source: unknown, origin: string): Flow {
  const params = (source && typeof source === 'object' ? source : {}) as Record<string, unknown>;
  if (!PARAMS.some((key) => stringField(params, key))) return { kind: 'none' };
  const redirectUri = stringField(params, 'redirect_uri');
  const state = stringField(params, 'state');
  if (stringField(params, 'client_id') !== CLIENT_ID || stringField(params, 'response_type') !== 'code') return { kind: 'invalid' };
  if (redirectUri.length > 2048 || state.length > 512) return { kind: 'invalid' };
  let target: URL;
  try {
    target = new URL(redirectUri);
  } catch {
    return { kind: 'invalid' };
  }
  if (target.origin !== origin) return { kind: 'invalid' };
  return { kind: 'oauth', request: { redirectUri, state: state || null } };
}

/** The OAuth parameters as name/value pairs, for hidden form fields and links. */
export function flowParams(request: AuthorizeRequest | null): Array<[string, string]> {
  if (!request) return [];
  const pairs: Array<[string, string]> = [
    ['response_type', 'code'],
    ['client_id', CLIENT_ID],
    ['redirect_uri', request.redirectUri],
  ];
  if (request.state) pairs.push(['state', request.state]);
  return pairs;
}

/** A passport address carrying the OAuth parameters (and optionally a language). */
export function passportHref(path: string, request: AuthorizeRequest | null, lang?: string): string {
  const query = new URLSearchParams(flowParams(request));
  if (lang) query.set('lang', lang);
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

/** redirect_uri with code and state added to its query, keeping its path, query and fragment. */
export function redirectWithCode(request: AuthorizeRequest, code: string): string {
  const url = new URL(request.redirectUri);
  url.searchParams.set('code', code);
  if (request.state) url.searchParams.set('state', request.state);
  return url.href;
}
