import { UserInfo } from '@starlit/contract';
import type { z } from 'zod';

export type SessionUser = z.output<typeof UserInfo>;

/** What the app keeps of a sign-in (SPEC §3 Session, §4 "Saving the session"). */
export interface StoredSession {
  token: string;
  passportToken: string;
  userInfo: SessionUser;
}

const KEYS = { token: 'token', userInfo: 'userInfo', passportToken: 'passportToken' } as const;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStore(): KeyValueStore {
  return window.sessionStorage;
}

/** The saved session, or null when any part is missing or unreadable. */
export function readSession(store: KeyValueStore = defaultStore()): StoredSession | null {
  const token = store.getItem(KEYS.token);
  const rawUser = store.getItem(KEYS.userInfo);
  if (!token || !rawUser) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawUser);
  } catch {
    return null;
  }
  const user = UserInfo.safeParse(parsed);
  if (!user.success) return null;
  return { token, passportToken: store.getItem(KEYS.passportToken) ?? '', userInfo: user.data };
}

/** Stores token, userInfo and passportToken together. */
export function writeSession(session: StoredSession, store: KeyValueStore = defaultStore()): void {
  store.setItem(KEYS.token, session.token);
  store.setItem(KEYS.userInfo, JSON.stringify(session.userInfo));
  store.setItem(KEYS.passportToken, session.passportToken);
}

/** Removes all three keys. */
export function removeSession(store: KeyValueStore = defaultStore()): void {
  store.removeItem(KEYS.token);
  store.removeItem(KEYS.userInfo);
  store.removeItem(KEYS.passportToken);
}
