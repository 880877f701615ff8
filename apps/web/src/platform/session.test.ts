import { describe, expect, it } from 'vitest';
import { readSession, removeSession, writeSession } from './session';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

const session = {
  token: 't',
  passportToken: 'p',
  userInfo: { userId: 'u1', userName: 'alice', avatar: null, role: 'user' as const },
};

describe('session storage (SPEC §3, §4)', () => {
  it('saves token, userInfo and passportToken under their own keys', () => {
    const store = memoryStore();
    writeSession(session, store);
    expect(Object.fromEntries(store.map)).toEqual({ token: 't', passportToken: 'p', userInfo: JSON.stringify(session.userInfo) });
    expect(readSession(store)).toEqual(session);
  });

  it('clears all three', () => {
    const store = memoryStore();
    writeSession(session, store);
    store.setItem('other', 'kept');
    removeSession(store);
    expect(Object.fromEntries(store.map)).toEqual({ other: 'kept' });
    expect(readSession(store)).toBeNull();
  });

  it('treats a damaged userInfo as signed out', () => {
    const store = memoryStore();
    store.setItem('token', 't');
    store.setItem('userInfo', '{not json');
    expect(readSession(store)).toBeNull();
    store.setItem('userInfo', JSON.stringify({ userId: 'u1' }));
    expect(readSession(store)).toBeNull();
  });
});
