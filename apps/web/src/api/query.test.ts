import { calls } from '@starlit/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('../ui/toast', () => ({ notifyError: (text: string) => toasts.push(text), notifyInfo: vi.fn(), notifySuccess: vi.fn() }));

const noStore = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };

beforeEach(() => {
  toasts.length = 0;
  vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' });
  vi.stubGlobal('window', { sessionStorage: noStore, localStorage: noStore, matchMedia: () => ({ matches: false }), location: { href: 'http://app.test/#/' } });
});

afterEach(() => vi.unstubAllGlobals());

const { CallFailure, requestData } = await import('./query');

describe('requestData (SPEC §7)', () => {
  it('toasts a non-zero code from get_all_unread_count as an error with the server message', async () => {
    const body = { code: 5000, data: null, message: 'Counts unavailable' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    const failure = requestData(calls.notices.unreadCount, {});
    await expect(failure).rejects.toBeInstanceOf(CallFailure);
    await expect(failure).rejects.toMatchObject({ code: 5000, message: 'Counts unavailable' });
    expect(toasts).toEqual(['Counts unavailable']);
  });
});
