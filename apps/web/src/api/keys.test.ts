import { calls } from '@starlit/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { callKey, familyOf, invalidateCalls, STALE } from './keys';

describe('call keys', () => {
  it('keys an answer by its path and input, so a call and its input name one cache entry', () => {
    expect(callKey(calls.agents.get, { id: 'a1' })).toEqual(['/ai/api/v1/agent/get', { id: 'a1' }]);
    expect(callKey(calls.agents.get)).toEqual(['/ai/api/v1/agent/get']);
  });

  it('knows the family of every contract call and has a freshness for each family', () => {
    for (const family of Object.keys(calls) as (keyof typeof calls)[]) {
      for (const call of Object.values(calls[family])) expect(familyOf(call)).toBe(family);
      expect(STALE[family]).toBeGreaterThan(0);
    }
    expect(() => familyOf({ ...calls.agents.get, path: '/nowhere' })).toThrow();
  });
});

describe('invalidateCalls', () => {
  function seeded() {
    const client = new QueryClient();
    for (const [key, data] of [
      [callKey(calls.agents.get, { id: 'a1' }), 1],
      [callKey(calls.agents.mine, { limit: 20 }), 2],
      [callKey(calls.notices.unreadCount, {}), 3],
      [callKey(calls.notices.systemList, { limit: 20 }), 4],
      [['not-a-call'], 5],
    ] as const) {
      client.setQueryData(key, data);
    }
    const stale = () =>
      client
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.isInvalidated)
        .map((q) => q.queryKey[0]);
    return { client, stale };
  }

  it('marks every answer of the named calls stale, whatever their input', async () => {
    const { client, stale } = seeded();
    await invalidateCalls(client, [calls.agents.get, calls.notices.unreadCount]);
    expect(stale().sort()).toEqual([calls.agents.get.path, calls.notices.unreadCount.path].sort());
  });

  it('marks a whole family stale by its name and leaves other keys alone', async () => {
    const { client, stale } = seeded();
    await invalidateCalls(client, ['notices']);
    expect(stale().sort()).toEqual([calls.notices.systemList.path, calls.notices.unreadCount.path].sort());
  });
});
