import type { Language } from '@starlit/contract';
import * as oidc from 'openid-client';

/** What Starlit needs from an external OpenID Connect provider. */
export interface ExternalProvider {
  issuer: string;
  authorizeUrl(params: { redirectUri: string; state: string; nonce: string; codeVerifier: string; lang: Language }): Promise<string>;
  /** Exchanges a code; answers the provider's subject and a display name. */
  exchange(params: { redirectUri: string; code: string; state: string; nonce: string; codeVerifier: string }): Promise<{ subject: string; name: string }>;
}

/** An OpenID Connect relying party (authorization code + PKCE) built with openid-client. */
export function openIdProvider(settings: { issuer: string; clientId: string; clientSecret: string }): ExternalProvider {
  let discovered: Promise<oidc.Configuration> | null = null;
  const insecure = settings.issuer.startsWith('http://');
  const configuration = () => {
    discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret || undefined,
        undefined,
        // plain http is only for providers on the same machine (tests, local set-ups)
        insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        discovered = null;
        throw err;
      });
    return discovered;
  };
  return {
    issuer: settings.issuer,
    async authorizeUrl({ redirectUri, state, nonce, codeVerifier, lang }) {
      const config = await configuration();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid profile email',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ui_locales: lang.replace('_', '-'),
      });
      return url.href;
    },
    async exchange({ redirectUri, code, state, nonce, codeVerifier }) {
      const config = await configuration();
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', state);
      // The app forwards only code and state. RFC 9207's iss parameter guards clients that
      // talk to several providers against mix-ups; Starlit trusts exactly one, redeems the
      // code at its token endpoint with this flow's PKCE verifier, and binds the state to the
      // browser, so the configured issuer stands in for it (openid-client insists on it
      // when the provider advertises authorization_response_iss_parameter_supported).
      callback.searchParams.set('iss', config.serverMetadata().issuer);
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider returned no ID token');
      const pick = (key: string) => (typeof claims[key] === 'string' ? (claims[key] as string) : '');
      const name = pick('preferred_username') || pick('nickname') || pick('name') || pick('email').split('@')[0] || `user-${claims.sub.slice(0, 8)}`;
      return { subject: claims.sub, name };
    },
  };
}
