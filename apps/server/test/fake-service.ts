// Fake outside services for tests: real HTTP servers speaking the providers' protocols.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeService {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

/**
 * An HTTP server standing in for an outside service: each request reaches `handle` with its
 * whole body read. It listens on `port`, or on a free one when none is given.
 */
export async function startFakeService(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void, port = 0): Promise<FakeService> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => handle(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** One event of OpenAI's streaming chat completion (`POST /v1/chat/completions`, `stream: true`). */
export const chatChunk = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;

export interface ChatRequestBody {
  messages: Array<{ role: string; content: string }>;
  max_tokens: number;
  temperature: number;
}

/**
 * A chat provider with a set answer: streams `reply` a few characters per event, or answers
 * 500 while `broken`; every request body is kept in `bodies`. `reset()` between tests.
 */
export async function scriptedChatProvider() {
  const script = { reply: '', broken: false, bodies: [] as ChatRequestBody[] };
  const service = await startFakeService((_req, body, res) => {
    script.bodies.push(JSON.parse(body) as ChatRequestBody);
    if (script.broken) return res.writeHead(500).end('{"error":"boom"}');
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const pieces = script.reply.match(/[\s\S]{1,7}/g) ?? [];
    res.end(`${pieces.map((p) => chatChunk(p)).join('')}${chatChunk('', 'stop')}data: [DONE]\n\n`);
  });
  return Object.assign(script, service, {
    reset() {
      script.reply = '';
      script.broken = false;
      script.bodies = [];
    },
  });
}

/** What the held provider says; `HELD_REPLY_FIRST_WORDS` of it stream before the hold. */
export const HELD_REPLY = 'The hunter Orion chases the seven sisters across the winter sky, and in the East the weaver waits for the magpie bridge.';
export const HELD_REPLY_FIRST_WORDS = 4;

/**
 * A chat provider a test holds mid-reply, for tests that act while a reply is being written
 * (Stop, a reload) without racing the model. Every request to `/v1/chat/completions` streams
 * `HELD_REPLY`; while the provider holds (`POST /control/hold`), a reply stops after its first
 * words and goes on only at `POST /control/release`, which also ends the hold. A reply whose
 * caller hangs up is dropped. `GET /` answers 200, so a launcher can wait for it.
 */
export async function heldChatProvider(port = 0): Promise<FakeService> {
  let holding = false;
  const waiting = new Set<() => void>();
  const words = HELD_REPLY.split(' ').map((w, i, all) => (i < all.length - 1 ? `${w} ` : w));
  return startFakeService((req, _body, res) => {
    if (req.method === 'POST' && req.url === '/control/hold') {
      holding = true;
      return res.writeHead(204).end();
    }
    if (req.method === 'POST' && req.url === '/control/release') {
      holding = false;
      for (const go of waiting) go();
      waiting.clear();
      return res.writeHead(204).end();
    }
    if (req.method === 'GET' && req.url === '/') return res.writeHead(200).end('held chat provider');
    // its image endpoint is always down, as OpenAI answers when overloaded: the e2e tests watch a creation fail and be refunded
    if (req.method === 'POST' && req.url === '/v1/images/generations') {
      return res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'The engine is currently overloaded', type: 'server_error' } }));
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const finish = () =>
      res.end(
        `${words
          .slice(HELD_REPLY_FIRST_WORDS)
          .map((w) => chatChunk(w))
          .join('')}${chatChunk('', 'stop')}data: [DONE]\n\n`,
      );
    res.write(
      words
        .slice(0, HELD_REPLY_FIRST_WORDS)
        .map((w) => chatChunk(w))
        .join(''),
    );
    if (!holding) return finish();
    waiting.add(finish);
    res.on('close', () => waiting.delete(finish));
  }, port);
}
