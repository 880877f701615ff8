import { calls } from '@starlit/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('../ui/toast', () => ({ notifyError: (text: string) => toasts.push(text), notifyInfo: vi.fn(), notifySuccess: vi.fn() }));

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

const userInfo = JSON.stringify({ userId: 'u1', userName: 'alice', avatar: null, role: 'user' });
let session: ReturnType<typeof memoryStorage>;
let replaced: string[];
let reloads: number;

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

beforeEach(() => {
  toasts.length = 0;
  replaced = [];
  reloads = 0;
  session = memoryStorage({ token: 'tok', userInfo, passportToken: 'pp' });
  vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' });
  vi.stubGlobal('window', {
    sessionStorage: session,
    localStorage: memoryStorage({ deviceId: 'dev-1' }),
    matchMedia: () => ({ matches: false }),
    location: {
      href: 'http://app.test/#/content?tab=notifications',
      reload: () => reloads++,
    },
    history: { replaceState: (_s: unknown, _t: string, url: string) => replaced.push(url) },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const { callApi, isOk, isRefused } = await import('./client');
const { i18next } = await import('../i18n/i18n');
// "cimode" answers keys instead of strings, so toasts can be compared without locale files
await i18next.init({ lng: 'cimode' });

describe('callApi (SPEC §7, §8)', () => {
  it('posts JSON with the session token and answers the parsed data', async () => {
    const fetch = answer(200, { code: 0, data: { system: '1', interact: '2', all: '3' }, message: '' });
    vi.stubGlobal('fetch', fetch);
    const result = await callApi(calls.notices.unreadCount, {});
    expect(isOk(result) && result.data).toEqual({ system: '1', interact: '2', all: '3' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/ai/api/v1/message/notice/get_all_unread_count');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{}');
    expect(init.headers).toMatchObject({ token: 'tok', 'X-Deviceid': 'dev-1', 'X-App-Name': 'starlit-web', 'X-App-Id': 'starlit' });
    expect(toasts).toEqual([]);
  });

  it('resolves a business failure with its envelope and leaves the toast to the caller', async () => {
    vi.stubGlobal('fetch', answer(200, { code: 3001, data: null, message: 'Notice not found' }));
    const result = await callApi(calls.notices.systemDetail, { id: '00000000-0000-4000-8000-000000000000' });
    expect(isRefused(result) && result).toEqual({ code: 3001, data: null, message: 'Notice not found' });
    expect(toasts).toEqual([]);
  });

  it('toasts an HTTP error with status, title, detail and url, and resolves with an empty message', async () => {
    vi.stubGlobal('fetch', answer(403, { code: 403, data: null, message: 'no' }));
    const result = await callApi(calls.notices.createSystem, { title: 't', content: 'c' });
    expect(result).toEqual({ message: '' });
    expect(toasts).toEqual(['403 Forbidden\nhttp.403\n/ai/api/v1/message/notice/create_system_notice']);
  });

  it('answers an unreadable body as a server error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 200 })),
    );
    expect(await callApi(calls.auth.me, {})).toEqual({ message: '' });
    expect(toasts).toEqual(['http.serverError\n/ai/api/v1/auth/me']);
  });

  it('on a burst of 401s clears the session, goes to #/?noLogin=1 and reloads once', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', answer(401, { code: 401, data: null, message: 'Please log in first' }));
    const results = await Promise.all([callApi(calls.auth.me, {}), callApi(calls.notices.unreadCount, {})]);
    expect(results).toEqual([{ message: '' }, { message: '' }]);
    expect(reloads).toBe(0);
    vi.advanceTimersByTime(100);
    expect(session.map.size).toBe(0);
    expect(replaced).toEqual(['http://app.test/#/?noLogin=1']);
    expect(reloads).toBe(1);
    expect(toasts).toEqual([]);
  });

  it('gives up after 60 s with the timeout toast', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))),
    );
    const pending = callApi(calls.auth.me, {});
    await vi.advanceTimersByTimeAsync(59_999);
    expect(toasts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ message: '' });
    expect(toasts).toEqual(['http.timeout\n/ai/api/v1/auth/me']);
  });

  it('stays quiet when its caller cancels', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))),
    );
    const controller = new AbortController();
    const pending = callApi(calls.auth.me, {}, { signal: controller.signal });
    controller.abort();
    expect(await pending).toEqual({ message: '' });
    expect(toasts).toEqual([]);
  });

  it('stays quiet when the call is cancelled while its answer is being read', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        // the headers arrived; the body is cut by the caller's cancel (a query replaced)
        const body = new ReadableStream({ start: (stream) => init.signal?.addEventListener('abort', () => stream.error(new DOMException('aborted', 'AbortError'))) });
        queueMicrotask(() => controller.abort());
        return new Response(body, { status: 200 });
      }),
    );
    expect(await callApi(calls.auth.me, {}, { signal: controller.signal })).toEqual({ message: '' });
    expect(toasts).toEqual([]);
  });

  it('stays quiet when the browser aborts the request itself (leaving the page)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('The user aborted a request.', 'AbortError'))),
    );
    expect(await callApi(calls.auth.me, {})).toEqual({ message: '' });
    expect(toasts).toEqual([]);
  });

  it('asks to wait a moment on 429 instead of reporting a server fault', async () => {
    vi.stubGlobal('fetch', answer(429, { code: 429, data: null, message: 'Too many requests, please slow down and retry later' }));
    expect(await callApi(calls.auth.me, {})).toEqual({ message: '' });
    expect(toasts).toEqual(['http.429']);
  });
});
