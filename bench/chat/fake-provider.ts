// The fake OpenAI-compatible provider: one token every TOKEN_INTERVAL_MS, noting when it sent each.
import http from 'node:http';
import type net from 'node:net';
import { MARKER, TOKEN_INTERVAL_MS, tokenText } from './protocol.ts';

export interface ProviderMessage {
  role: string;
  content: string;
}

export interface ProviderStream {
  /** performance.now() at the write of each token, by index. */
  sent: number[];
}

export const sseChunk = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;
export const SSE_END = `data: ${JSON.stringify({ choices: [{ delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`;
/** The answer to any request that is not a reply being measured (suggestions, memories, retries). */
export const SHORT_ANSWER = 'Tell me more.\nWhy is that?\nAnd then?';

export function fakeProvider(tokens: number) {
  const streams = new Map<string, ProviderStream>();
  let extraRequests = 0;
  const server = http.createServer((req, res) => {
    if (req.url !== '/v1/chat/completions') {
      // openConnections' warm-up requests
      req.resume();
      res.end('{}');
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (part: string) => (body += part));
    req.on('end', () => {
      const request = JSON.parse(body || '{}') as { stream?: boolean; messages?: ProviderMessage[] };
      const lastUser = [...(request.messages ?? [])].reverse().find((m) => m.role === 'user');
      const id = MARKER.exec(lastUser?.content ?? '')?.[1];
      // only the first request of a stream is measured; the server may ask again for
      // suggestions after `done` (same conversation, so same marker): answer those at once
      if (!id || streams.has(id)) {
        extraRequests++;
        if (request.stream === false) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: SHORT_ANSWER }, finish_reason: 'stop' }] }));
        } else {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.end(sseChunk(SHORT_ANSWER) + SSE_END);
        }
        return;
      }
      const stream: ProviderStream = { sent: [] };
      streams.set(id, stream);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.flushHeaders();
      let i = 0;
      // the first token comes one interval after the headers, like every other
      const timer = setInterval(() => {
        stream.sent[i] = performance.now();
        res.write(sseChunk(tokenText(i)));
        if (++i === tokens) {
          clearInterval(timer);
          res.end(SSE_END);
        }
      }, TOKEN_INTERVAL_MS);
      res.on('close', () => clearInterval(timer));
    });
  });
  // the bench opens its connections a while before it uses them
  server.keepAliveTimeout = 120_000;
  return {
    streams,
    extraRequests: () => extraRequests,
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
