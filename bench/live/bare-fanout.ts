// The baseline: a bare fan-out server, run as a child process (two of them share one Redis
// channel). POST /send numbers a message and publishes it (one Lua script: INCR + PUBLISH, so
// numbers leave Redis in order); each instance writes every message it hears to its SSE
// clients as one text. No database, no hub, no sign-in: what is left is HTTP, Redis and sockets.
import http from 'node:http';
import { Redis } from 'ioredis';

const port = Number(process.env.PORT);
const channel = process.env.BENCH_CHANNEL as string;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MAX_BUFFERED = 1024 * 1024;

const redis = new Redis(redisUrl);
const sub = new Redis(redisUrl);
const NUMBER_AND_PUBLISH = `local seq = redis.call('INCR', KEYS[1]) redis.call('PUBLISH', KEYS[2], seq .. '|' .. ARGV[1]) return seq`;

const clients = new Set<http.ServerResponse>();
sub.on('message', (_channel: string, message: string) => {
  const bar = message.indexOf('|');
  const text = `id: ${message.slice(0, bar)}\nevent: event\ndata: ${message.slice(bar + 1)}\n\n`;
  for (const res of clients) {
    if (res.writableLength > MAX_BUFFERED) {
      clients.delete(res);
      res.end();
    } else res.write(text);
  }
});
await sub.subscribe(channel);

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url?.startsWith('/stream')) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(`event: hello\ndata: ${JSON.stringify({ now: Date.now() })}\n\n`);
    clients.add(res);
    res.on('close', () => clients.delete(res));
    return;
  }
  if (req.method === 'POST' && req.url === '/send') {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', async () => {
      try {
        const seq = await redis.eval(NUMBER_AND_PUBLISH, 2, `${channel}:seq`, channel, body);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 0, data: { seq: Number(seq) }, message: 'ok' }));
      } catch (err) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 500, data: null, message: String(err) }));
      }
    });
    return;
  }
  res.writeHead(404).end();
});
server.listen(port, '127.0.0.1', () => process.send?.('listening'));

process.on('SIGTERM', () => {
  for (const res of clients) res.end();
  server.close();
  void redis.quit();
  void sub.quit();
  setTimeout(() => process.exit(0), 200).unref();
});
