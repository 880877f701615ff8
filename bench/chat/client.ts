// The load client: streams read straight from the provider and through the server.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { eventReader } from '@starlit/contract/sse';
import { round } from './figures.ts';
import { marker, TOKEN } from './protocol.ts';
import type { fakeProvider } from './fake-provider.ts';

// node:http rather than fetch: with 300 streams in this process, fetch's web streams cost
// enough event-loop time to show up in the very delays being measured (both paths alike).
// Keep-alive with room for every stream's socket: see openConnections.
export const FRESH_CONNECTIONS = process.env.BENCH_FRESH_CONNECTIONS === '1';
export const agent = new http.Agent({ keepAlive: !FRESH_CONNECTIONS, maxSockets: Infinity, maxFreeSockets: Infinity, keepAliveMsecs: 60_000 });

/**
 * Opens `n` keep-alive connections to `url` before a measured phase, so each stream's send
 * goes over a connection already open, as a browser's does (it made calls before sending).
 * Otherwise the test measures TCP accepts: libuv accepts one connection per event-loop turn
 * (libuv#3696), so a server busy relaying 300 streams takes hundreds of ms to accept 300 new
 * ones. BENCH_FRESH_CONNECTIONS=1 skips this to measure exactly that.
 */
export async function openConnections(url: string, n: number) {
  await Promise.all(
    Array.from({ length: n }, async () => {
      const res = await post(url, {});
      await textOf(res);
    }),
  );
}

/** POSTs a JSON body and resolves with the response once its headers arrive. */
export function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<http.IncomingMessage> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } }, resolve);
    req.on('error', reject);
    req.end(payload);
  });
}

/** Reads a text/event-stream body, calling `onEvent` per event with the time its bytes arrived. */
export function readEvents(res: http.IncomingMessage, onEvent: (event: string, data: string, at: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const take = eventReader();
    res.setEncoding('utf8');
    res.on('data', (part: string) => {
      const at = performance.now();
      for (const { event, data } of take(part)) onEvent(event, data, at);
    });
    res.on('end', resolve);
    res.on('error', reject);
    res.on('aborted', () => reject(new Error('the response was cut off')));
  });
}

/** The whole body of a response, for refusals. */
export async function textOf(res: http.IncomingMessage): Promise<string> {
  let text = '';
  res.setEncoding('utf8');
  for await (const part of res) text += part as string;
  return text;
}

/** What the client saw of one stream. */
export class StreamResult {
  started = 0;
  /** When the response headers arrived: the request got through and the stream opened. */
  headersAt: number | null = null;
  firstTokenAt: number | null = null;
  /** When the reply was over: `done` through the server (suggestions may follow), the end of the body directly. */
  endedAt = 0;
  /** Receive time − provider send time of each token. */
  readonly delays: number[] = [];
  readonly received = new Set<number>();
  text = '';
  status = 'none';
  messageId: string | null = null;
  error: string | null = null;

  constructor(
    readonly id: string,
    private readonly provider: ReturnType<typeof fakeProvider>,
  ) {}

  token(text: string, at: number) {
    this.firstTokenAt ??= at;
    this.text += text;
    const sent = this.provider.streams.get(this.id)?.sent ?? [];
    for (const match of text.matchAll(TOKEN)) {
      const index = Number(match[1]);
      this.received.add(index);
      const sentAt = sent[index];
      if (sentAt !== undefined) this.delays.push(at - sentAt);
    }
  }

  get ttft(): number | null {
    return this.firstTokenAt === null ? null : this.firstTokenAt - this.started;
  }
}

export interface OpenAiChunk {
  choices?: Array<{ delta?: { content?: string | null } }>;
}

/** One reply read straight from the provider: the path without the server. */
export async function directStream(providerUrl: string, result: StreamResult) {
  result.started = performance.now();
  const res = await post(`${providerUrl}/v1/chat/completions`, { model: 'fake', stream: true, messages: [{ role: 'user', content: `${marker(result.id)} hello` }] });
  result.headersAt = performance.now();
  await readEvents(res, (_event, data, at) => {
    if (data === '[DONE]') {
      result.status = 'complete';
      return;
    }
    const text = (JSON.parse(data) as OpenAiChunk).choices?.[0]?.delta?.content;
    if (text) result.token(text, at);
  });
  result.endedAt = performance.now();
}

/** One reply through `POST /ai/api/v1/chat/send`; events it does not know (start, suggestions…) are skipped. */
export async function serverStream(origin: string, token: string, conversationId: string, result: StreamResult) {
  result.started = performance.now();
  const res = await post(`${origin}/ai/api/v1/chat/send`, { conversationId, content: `${marker(result.id)} hello` }, { token });
  result.headersAt = performance.now();
  if (!(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
    // a refusal before the stream (login, limits, a reply already running) is the usual JSON envelope
    result.error = `${res.statusCode}: ${(await textOf(res)).slice(0, 200)}`;
    result.status = 'refused';
    return;
  }
  await readEvents(res, (event, data, at) => {
    if (event === 'token') result.token((JSON.parse(data) as { text: string }).text, at);
    else if (event === 'done') {
      const done = JSON.parse(data) as { status: string; messageId: string };
      result.status = done.status;
      result.messageId = done.messageId;
      result.endedAt = at;
    }
  });
}

/** Runs `n` streams with their starts spread evenly over `rampMs`; a throw counts as a failed stream. */
export async function runStreams(n: number, rampMs: number, prefix: string, provider: ReturnType<typeof fakeProvider>, run: (r: StreamResult, i: number) => Promise<void>) {
  const results = Array.from({ length: n }, (_, i) => new StreamResult(`${prefix}${i}-${randomBytes(3).toString('hex')}`, provider));
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  await Promise.all(
    results.map(async (r, i) => {
      if (rampMs > 0) await new Promise((resolve) => setTimeout(resolve, (rampMs * i) / n));
      try {
        await run(r, i);
      } catch (err) {
        r.error = (err as Error).message;
        r.status = 'error';
      }
    }),
  );
  loop.disable();
  return { results, clientLoopDelayP99Ms: round(loop.percentile(99) / 1e6) };
}
