import { create } from 'zustand';
import { readSession, removeSession, writeSession, type SessionUser, type StoredSession } from '../../platform/session';

interface AuthState {
  /** The signed-in session, or null when signed out. sessionStorage is the source it is read from. */
  session: StoredSession | null;
  signedIn(session: StoredSession): void;
  signedOut(): void;
  userRefreshed(user: SessionUser): void;
}

/** Authentication state (SPEC §4): authorized exactly when a session is kept. */
export const useAuthStore = create<AuthState>((set, get) => ({
  session: readSession(),
  signedIn(session) {
    writeSession(session);
    set({ session });
  },
  signedOut() {
    removeSession();
    set({ session: null });
  },
  userRefreshed(user) {
    const current = get().session;
    if (!current) return;
    const session = { ...current, userInfo: user };
    writeSession(session);
    set({ session });
  },
}));

/** Whether someone is signed in, outside React (route loaders, the sign-in redirect). */
export function isAuthorized(): boolean {
  return useAuthStore.getState().session !== null;
}

/** The signed-in user, or null. */
export function useCurrentUser(): SessionUser | null {
  return useAuthStore((state) => state.session?.userInfo ?? null);
}

/** Whether the signed-in user is an admin (userInfo.role). */
export function useIsAdmin(): boolean {
  return useAuthStore((state) => state.session?.userInfo.role === 'admin');
}
