import { i18next } from '../../i18n/i18n';
import { notifyInfo } from '../../ui/toast';
import { redirectToSignIn } from '../auth/sign-in';

// long enough to read the toast before the sign-in page replaces this one, as chat does
const SIGN_IN_DELAY_MS = 1500;

/** A signed-out visitor tried to follow: "Please log in first" (SPEC §6), then the sign-in page. */
export function askToSignIn(): void {
  notifyInfo(i18next.t('nav.loginFirst'));
  window.setTimeout(redirectToSignIn, SIGN_IN_DELAY_MS);
}
