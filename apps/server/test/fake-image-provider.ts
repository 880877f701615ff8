// A fake image provider for tests: a real HTTP server answering canned replies, with JSON and multipart bodies parsed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/** A reply; `hang` never answers, to test timeouts. */
export type Reply = { status: number; body: string | Buffer; headers?: Record<string, string>; hang?: boolean };
export interface Fake {
  url: string;
  requests: Array<{ path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown>; form: FormData | null }>;
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise((r) => s.close(r));
    }),
  );
});

/** A fake provider answering the given replies in turn (the last one repeats); JSON and multipart bodies are parsed. */
export async function fakeServer(replies: Reply[]): Promise<Fake> {
  const requests: Fake['requests'] = [];
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(parts);
      const type = req.headers['content-type'] ?? '';
      const form = type.startsWith('multipart/form-data') ? await new Response(raw, { headers: { 'content-type': type } }).formData() : null;
      const body = type.startsWith('application/json') ? (JSON.parse(raw.toString()) as Record<string, unknown>) : {};
      requests.push({ path: req.url ?? '', headers: req.headers, body, form });
      const reply = replies[Math.min(requests.length - 1, replies.length - 1)]!;
      if (reply.hang) return;
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body);
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

/** Same pixels, whatever the encoding and metadata. */
