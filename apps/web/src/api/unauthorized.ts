import { debounce, LIMITS } from '@starlit/contract/rules';

/** What happens when the server says the session is no longer valid (SPEC §4). */
export interface SignedOutActions {
  clearSession(): void;
  goHomeWithoutSignIn(): void;
  reload(): void;
}

/**
 * A 401 handler debounced at 100 ms (SPEC §9), so a burst of 401s from parallel calls
 * clears the session and reloads only once.
 */
export function createUnauthorizedHandler(actions: SignedOutActions, wait: number = LIMITS.logoutDebounceMs): () => void {
  return debounce(() => {
    actions.clearSession();
    actions.goHomeWithoutSignIn();
    actions.reload();
  }, wait);
}
