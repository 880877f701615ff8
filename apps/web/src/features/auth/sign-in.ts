import { calls } from '@starlit/contract';
import { callApi, isOk, isRefused } from '../../api/client';
import { authorizeUrl, readAuthParams, signedInAddress, withoutSignInParams } from '../../platform/auth-address';
import { currentLanguage } from '../../i18n/i18n';
import { config } from '../../platform/config';
import { notifyError } from '../../ui/toast';
import { isAuthorized, useAuthStore } from './auth-store';

/**
 * Sends the browser to the sign-in provider, coming back to this address. Only user actions
 * call it (the Sign in button, login-required actions), so a noLogin flag, which guards
 * against automatic redirects after a 401, does not stop it; it is stripped from the return address.
 */
export function redirectToSignIn(): void {
  if (isAuthorized()) return;
  window.location.assign(authorizeUrl(config.aiHost, window.location.href, currentLanguage()));
}

async function exchangeCode(): Promise<void> {
  const { code, state } = readAuthParams(window.location.href);
  if (!code) return;
  if (isAuthorized()) {
    window.history.replaceState(null, '', withoutSignInParams(window.location.href));
    return;
  }
  const result = await callApi(calls.auth.codeToToken, state ? { code, state } : { code });
  if (isOk(result)) {
    const { token, passportToken, userInfo, returnTo } = result.data;
    useAuthStore.getState().signedIn({ token, passportToken, userInfo });
    window.history.replaceState(null, '', signedInAddress(returnTo, window.location.href));
    return;
  }
  if (isRefused(result)) notifyError(result.message);
  window.history.replaceState(null, '', withoutSignInParams(window.location.href));
}

let exchange: Promise<void> | null = null;

/**
 * Completes a sign-in when the address carries a `code` (SPEC §4). Runs once per page load:
 * a code is single-use, so a second exchange (e.g. from a StrictMode re-run) would only fail.
 */
export function completeSignIn(): Promise<void> {
  exchange ??= exchangeCode();
  return exchange;
}
