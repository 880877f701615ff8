import { describe, expect, it } from 'vitest';
import type { AuthUser } from './auth.ts';
import { type LiveSession, SESSION_CACHE_MS, sessionCache } from './session-cache.ts';

const user = (id: string): AuthUser => ({ id, userName: `u_${id}`, role: 'user', sessionId: `s_${id}`, joinedAt: new Date(0) });

/** A database stand-in that counts how often the cache asked it. */
function loader() {
  const counter = { loads: 0 };
  const answer = (live: LiveSession | null) => async () => {
    counter.loads += 1;
    return live;
  };
  return { counter, live: (id: string, expiresAt = 10_000_000) => answer({ user: user(id), expiresAt: new Date(expiresAt) }), none: answer(null) };
}

describe('session cache', () => {
  it('asks the database once per token within the window, again after it', async () => {
    let clock = 1_000;
    const cache = sessionCache(() => clock);
    const db = loader();
    expect(await cache.resolve('t1', db.live('a'))).toMatchObject({ id: 'a' });
    clock += SESSION_CACHE_MS - 1;
    expect(await cache.resolve('t1', db.live('a'))).toMatchObject({ id: 'a' });
    expect(db.counter.loads).toBe(1);
    clock += 1;
    await cache.resolve('t1', db.live('a'));
    expect(db.counter.loads).toBe(2);
  });

  it('never keeps an unknown token, nor a session past its own end', async () => {
    let clock = 0;
    const cache = sessionCache(() => clock);
    const db = loader();
    await cache.resolve('nobody', db.none);
    await cache.resolve('nobody', db.none);
    expect(db.counter.loads).toBe(2);
    await cache.resolve('t2', db.live('b', 100));
    clock = 100;
    expect(await cache.resolve('t2', db.none)).toBeNull();
    expect(db.counter.loads).toBe(4);
  });

  it('forgets every token of a user at once, and only theirs', async () => {
    const cache = sessionCache(() => 0);
    const db = loader();
    await cache.resolve('a1', db.live('a'));
    await cache.resolve('a2', db.live('a'));
    await cache.resolve('b1', db.live('b'));
    cache.forgetUser('a');
    expect(await cache.resolve('a1', db.none)).toBeNull();
    expect(await cache.resolve('a2', db.none)).toBeNull();
    expect(await cache.resolve('b1', db.none)).toMatchObject({ id: 'b' });
    expect(db.counter.loads).toBe(5);
  });
});
