import { CHAT_SEND_PATH } from '@starlit/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatEvent } from './event-stream';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('../../ui/toast', () => ({ notifyError: (text: string) => toasts.push(text), notifyInfo: vi.fn(), notifySuccess: vi.fn() }));

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

beforeEach(() => {
  toasts.length = 0;
  vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' });
  vi.stubGlobal('window', {
    sessionStorage: memoryStorage({ token: 'tok', userInfo: JSON.stringify({ userId: 'u1', userName: 'alice', avatar: null, role: 'user' }), passportToken: 'pp' }),
    localStorage: memoryStorage({ deviceId: 'dev-1' }),
    matchMedia: () => ({ matches: false }),
    location: { href: 'http://app.test/#/chatroom', reload: vi.fn() },
    history: { replaceState: vi.fn() },
  });
});

afterEach(() => vi.unstubAllGlobals());

const { runChatStream } = await import('./chat-stream');

const body = { conversationId: '00000000-0000-4000-8000-000000000001', content: 'hi' };
const request = { path: CHAT_SEND_PATH, body } as const;

/** A text/event-stream response that sends `chunks` one by one. */
function streamOf(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

describe('runChatStream', () => {
  it('posts with the headers every call carries and hands over the events as they arrive', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      streamOf([
        'event: start\ndata: {"messageId":"m","userMessageId":"u","parentId":"u"}\n\nevent: tok',
        'en\ndata: {"text":"Hel"}\n\nevent: token\ndata: {"text":"lo"}\n\n',
        'event: done\ndata: {"messageId":"m","userMessageId":"u","status":"complete"}\n\n',
      ]),
    );
    vi.stubGlobal('fetch', fetch);
    const events: ChatEvent[] = [];
    const end = await runChatStream(request, (e) => events.push(e), new AbortController().signal);
    expect(end).toEqual({ kind: 'done' });
    expect(events.map((e) => e.type)).toEqual(['start', 'token', 'token', 'done']);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toMatch(/\/ai\/api\/v1\/chat\/send$/);
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ token: 'tok', 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init.body))).toEqual(body);
  });

  it('toasts a refusal that comes as an envelope before the stream starts', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ code: 7004, data: null, message: 'The agent is still replying' }));
    const end = await runChatStream(request, () => undefined, new AbortController().signal);
    expect(end).toEqual({ kind: 'refused', code: 7004 });
    expect(toasts).toEqual(['The agent is still replying']);
  });

  it('a stream that ends without `done` is broken; a stop is a stop, without a toast', async () => {
    vi.stubGlobal('fetch', async () => streamOf(['event: token\ndata: {"text":"Hel"}\n\n']));
    expect(await runChatStream(request, () => undefined, new AbortController().signal)).toEqual({ kind: 'broken', opened: true });
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    expect(await runChatStream(request, () => undefined, new AbortController().signal)).toEqual({ kind: 'broken', opened: false });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await runChatStream(request, () => undefined, new AbortController().signal)).toEqual({ kind: 'broken', opened: false });
    toasts.length = 0;

    const stop = new AbortController();
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      stop.abort();
      init.signal?.throwIfAborted();
      return streamOf([]);
    });
    expect(await runChatStream(request, () => undefined, stop.signal)).toEqual({ kind: 'stopped' });
    expect(toasts).toEqual([]);
  });

  it('a malformed event breaks the stream: the events before it are kept, the rest is dropped and the body cancelled', async () => {
    let cancelled = false;
    const encoder = new TextEncoder();
    const chunks = [
      'event: start\ndata: {"messageId":"m","userMessageId":"u","parentId":"u"}\n\nevent: token\ndata: {"text":"Hel"}\n\n',
      'event: token\ndata: {"text":null}\n\n',
      'event: done\ndata: {"messageId":"m","userMessageId":"u","status":"complete"}\n\n',
    ];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(encoder.encode(next));
        else controller.close();
      },
      cancel() {
        cancelled = true;
      },
    });
    vi.stubGlobal('fetch', async () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
    const events: ChatEvent[] = [];
    expect(await runChatStream(request, (e) => events.push(e), new AbortController().signal)).toEqual({ kind: 'broken', opened: true });
    expect(events.map((e) => e.type)).toEqual(['start', 'token']);
    expect(toasts).toHaveLength(1);
    await vi.waitFor(() => expect(cancelled).toBe(true));
  });

  it('a malformed event after `done` only loses the suggestions', async () => {
    vi.stubGlobal('fetch', async () => streamOf(['event: done\ndata: {"messageId":"m","userMessageId":"u","status":"complete"}\n\nevent: suggestions\ndata: {"messageId":"m"}\n\n']));
    expect(await runChatStream(request, () => undefined, new AbortController().signal)).toEqual({ kind: 'done' });
    expect(toasts).toEqual([]);
  });
});
