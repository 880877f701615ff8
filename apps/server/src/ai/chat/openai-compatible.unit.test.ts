import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChatStreamError, type ChatModel } from './chat-model.ts';
import { createChatModel, OFFLINE_CHAT_ENGINE } from './index.ts';
import { OPENAI_CHAT_ENGINE, openAiCompatibleChat } from './openai-compatible.ts';
import { chatChunk, startFakeService, type FakeService } from '../../../test/fake-service.ts';

type Behaviour = 'ok' | 'split' | 'crlf-unterminated' | 'error-mid-stream' | 'drop-mid-stream' | 'malformed' | 'slow' | 'busy-once' | 'broken' | 'refuse';
let behaviour: Behaviour = 'ok';
let requests: Array<{ auth: string | undefined; body: Record<string, unknown> }> = [];
let slowClosed: Promise<void> = Promise.resolve();
let provider: FakeService;

const event = chatChunk;
const WHOLE = `: keep-alive\n\n${event('Hello')}${event(', ')}${event('world')}${event('', 'stop')}data: [DONE]\n\n`;

beforeAll(async () => {
  // speaks POST /v1/chat/completions with stream: true as OpenAI documents it (server-sent events)
  provider = await startFakeService((req, raw, res) => {
    if (req.url !== '/v1/chat/completions' || req.method !== 'POST') return res.writeHead(404).end();
    requests.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
    if (behaviour === 'busy-once' && requests.length === 1) return res.writeHead(429, { 'retry-after': '0' }).end('{"error":"busy"}');
    if (behaviour === 'broken') return res.writeHead(500).end('{"error":"boom"}');
    if (behaviour === 'refuse') return res.writeHead(400).end('{"error":{"message":"unknown model"}}');
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    if (behaviour === 'split') {
      // every few bytes on its own network write, cutting lines, JSON and multi-byte characters
      const bytes = Buffer.from(WHOLE.replace('world', 'wörld 星'));
      let at = 0;
      const next = () => {
        if (at >= bytes.length) return void res.end();
        res.write(bytes.subarray(at, at + 7));
        at += 7;
        setTimeout(next, 1);
      };
      return next();
    }
    // CRLF line ends, and the closing chunk without its blank line (no [DONE]) right before the connection ends
    if (behaviour === 'crlf-unterminated') return res.end(`${event('Hello')}${event('', 'stop')}`.replaceAll('\n', '\r\n').replace(/\r\n\r\n$/, ''));
    if (behaviour === 'error-mid-stream') return res.end(`${event('Once')}${event(' upon')}data: {"error":{"message":"overloaded"}}\n\n`);
    if (behaviour === 'malformed') return res.end(`${event('Once')}data: {"choices":[{"delta":\n\n`);
    if (behaviour === 'drop-mid-stream') {
      res.write(event('Once'));
      return void setTimeout(() => res.destroy(), 20);
    }
    if (behaviour === 'slow') {
      slowClosed = new Promise((resolve) => res.on('close', resolve));
      const timer = setInterval(() => res.write(event('tick ')), 20);
      return void res.on('close', () => clearInterval(timer));
    }
    res.end(WHOLE);
  });
});
afterAll(() => provider.close());
beforeEach(() => {
  requests = [];
  behaviour = 'ok';
});

const model = () => openAiCompatibleChat({ baseUrl: `${provider.url}/`, apiKey: 'sk-test', model: 'gpt-test', backoffMs: 5 });
const messages = [
  { role: 'system' as const, content: 'You are Mira.' },
  { role: 'user' as const, content: 'Hi' },
];

/** Collects the reply and, if the stream fails, the error alongside what arrived before it. */
async function collect(chat: ChatModel, signal?: AbortSignal, onChunk?: (text: string) => void) {
  const texts: string[] = [];
  try {
    for await (const chunk of chat.stream(messages, { maxTokens: 64, temperature: 0.7 }, signal)) {
      texts.push(chunk.text);
      onChunk?.(chunk.text);
    }
    return { texts, error: null };
  } catch (error) {
    return { texts, error };
  }
}

describe('OpenAI-compatible chat', () => {
  it('posts model, messages, stream, max_tokens and temperature with the bearer key, and streams the deltas until [DONE]', async () => {
    const { texts, error } = await collect(model());
    expect(error).toBeNull();
    expect(texts).toEqual(['Hello', ', ', 'world']);
    expect(requests).toEqual([{ auth: 'Bearer sk-test', body: { model: 'gpt-test', messages, stream: true, max_tokens: 64, temperature: 0.7 } }]);
    expect(model().engine).toBe(OPENAI_CHAT_ENGINE);
  });

  it('reassembles events split across network reads, mid-line and mid-character', async () => {
    behaviour = 'split';
    const { texts, error } = await collect(model());
    expect(error).toBeNull();
    expect(texts.join('')).toBe('Hello, wörld 星');
  });

  it('reads CRLF framing and a last event the connection ends without a blank line', async () => {
    behaviour = 'crlf-unterminated';
    const { texts, error } = await collect(model());
    expect(error).toBeNull();
    expect(texts).toEqual(['Hello']);
  });

  it('keeps the tokens that arrived when the provider sends an error event mid-stream', async () => {
    behaviour = 'error-mid-stream';
    const { texts, error } = await collect(model());
    expect(texts).toEqual(['Once', ' upon']);
    expect(error).toBeInstanceOf(ChatStreamError);
    expect(error).toMatchObject({ afterFirstToken: true, reason: 'provider-error' });
    expect(requests).toHaveLength(1);
  });

  it('keeps the tokens that arrived when the connection drops mid-stream', async () => {
    behaviour = 'drop-mid-stream';
    const { texts, error } = await collect(model());
    expect(texts).toEqual(['Once']);
    expect(error).toMatchObject({ afterFirstToken: true, reason: 'connection-lost' });
    expect(requests).toHaveLength(1);
  });

  it('fails on a malformed chunk after the first token', async () => {
    behaviour = 'malformed';
    const { texts, error } = await collect(model());
    expect(texts).toEqual(['Once']);
    expect(error).toMatchObject({ afterFirstToken: true, reason: 'malformed' });
  });

  it('closes the upstream request when the signal aborts a slow stream', async () => {
    behaviour = 'slow';
    const stop = new AbortController();
    let seen = 0;
    const { texts, error } = await collect(model(), stop.signal, () => ++seen === 2 && stop.abort());
    expect(error).toBe(stop.signal.reason);
    expect(texts).toEqual(['tick ', 'tick ']);
    await slowClosed;
  });

  it('closes the upstream request when the caller stops reading', async () => {
    behaviour = 'slow';
    for await (const chunk of model().stream(messages, {})) {
      expect(chunk.text).toBe('tick ');
      break;
    }
    await slowClosed;
  });

  it('tries again after 429 and succeeds', async () => {
    behaviour = 'busy-once';
    const { texts, error } = await collect(model());
    expect(error).toBeNull();
    expect(texts.join('')).toBe('Hello, world');
    expect(requests).toHaveLength(2);
  });

  it('gives up on a provider that keeps failing, before the first token', async () => {
    behaviour = 'broken';
    const { texts, error } = await collect(model());
    expect(texts).toEqual([]);
    expect(error).toMatchObject({ afterFirstToken: false, reason: 'provider-error' });
    expect((error as Error).message).toMatch(/500; gave up after 3 tries/);
    expect(requests).toHaveLength(3);
  });

  it('does not retry a refused request', async () => {
    behaviour = 'refuse';
    const { error } = await collect(model());
    expect(error).toMatchObject({ afterFirstToken: false, reason: 'refused' });
    expect((error as Error).message).toMatch(/400.*unknown model/);
    expect(requests).toHaveLength(1);
  });

  it('retries an unreachable provider, then fails before the first token', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { error } = await collect(openAiCompatibleChat({ baseUrl: `http://127.0.0.1:${port}`, apiKey: null, model: 'm', backoffMs: 1 }));
    expect(error).toMatchObject({ afterFirstToken: false, reason: 'unreachable' });
    expect((error as Error).message).toMatch(/gave up after 3 tries/);
  });
});

describe('createChatModel', () => {
  it('uses the provider when a base URL is set, else the offline engine', () => {
    expect(createChatModel({ baseUrl: provider.url, apiKey: 'k', model: 'm' }).engine).toBe(OPENAI_CHAT_ENGINE);
    expect(createChatModel({}).engine).toBe(OFFLINE_CHAT_ENGINE);
  });
});
