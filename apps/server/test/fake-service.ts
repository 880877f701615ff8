// Fake outside services for tests: real HTTP servers speaking the providers' protocols.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeService {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

/** An HTTP server standing in for an outside service: each request reaches `handle` with its whole body read. */
export async function startFakeService(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<FakeService> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => handle(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
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
