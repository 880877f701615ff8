// What relaying a streamed chat reply through the server costs, at N concurrent conversations.
// A fake OpenAI-compatible provider in this process streams one token every 20 ms (50 tokens/s)
// and notes when it sent each one; the client, in the same process, notes when each arrives,
// so both ends read one clock (performance.now()). The same client reads N streams straight
// from the provider (the baseline) and then N streams through the server, which runs as a child
// process so its RSS and its event loop are its own.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Browser } from '../apps/server/test/browser.ts';
import { exchange, signUpThroughPassport } from '../apps/server/test/sign-in.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const TOKEN_INTERVAL_MS = 20;
const TARGETS = { ttftOverheadP99Ms: 20, relayP99Ms: 2, tokensLost: 0, serverRssMb: 600 };

/** Which stream a provider request belongs to: the client puts this marker in the user message. */
const marker = (id: string) => `[bench ${id}]`;
const MARKER = /\[bench ([\w-]+)\]/;
/** Every token names its index, so the client can match it with the provider's send time. */
const tokenText = (i: number) => `t${i} `;
const TOKEN = /t(\d+) /g;

// ---------------------------------------------------------------------------------------------
// The fake provider

interface ProviderMessage {
  role: string;
  content: string;
}

interface ProviderStream {
  /** performance.now() at the write of each token, by index. */
  sent: number[];
}

const sseChunk = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;
const SSE_END = `data: ${JSON.stringify({ choices: [{ delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`;
/** The answer to any request that is not a reply being measured (suggestions, memories, retries). */
const SHORT_ANSWER = 'Tell me more.\nWhy is that?\nAnd then?';

function fakeProvider(tokens: number) {
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
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// The client

// node:http rather than fetch: with 300 streams in this process, fetch's web streams cost
// enough event-loop time to show up in the very delays being measured (both paths alike).
// Keep-alive with room for every stream's socket: see openConnections.
const FRESH_CONNECTIONS = process.env.BENCH_FRESH_CONNECTIONS === '1';
const agent = new http.Agent({ keepAlive: !FRESH_CONNECTIONS, maxSockets: Infinity, maxFreeSockets: Infinity, keepAliveMsecs: 60_000 });

/**
 * Opens `n` keep-alive connections to `url` before a measured phase, so each stream's send
 * goes over a connection already open, as a browser's does (it made calls before sending).
 * Otherwise the test measures TCP accepts: libuv accepts one connection per event-loop turn
 * (libuv#3696), so a server busy relaying 300 streams takes hundreds of ms to accept 300 new
 * ones. BENCH_FRESH_CONNECTIONS=1 skips this to measure exactly that.
 */
async function openConnections(url: string, n: number) {
  await Promise.all(
    Array.from({ length: n }, async () => {
      const res = await post(url, {});
      await textOf(res);
    }),
  );
}

/** POSTs a JSON body and resolves with the response once its headers arrive. */
function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<http.IncomingMessage> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } }, resolve);
    req.on('error', reject);
    req.end(payload);
  });
}

/** Reads a text/event-stream body, calling `onEvent` per event with the time its bytes arrived. */
function readEvents(res: http.IncomingMessage, onEvent: (event: string, data: string, at: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let pending = '';
    res.setEncoding('utf8');
    res.on('data', (part: string) => {
      const at = performance.now();
      pending += part;
      for (let cut = pending.indexOf('\n\n'); cut >= 0; cut = pending.indexOf('\n\n')) {
        const block = pending.slice(0, cut);
        pending = pending.slice(cut + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        }
        if (data.length) onEvent(event, data.join('\n'), at);
      }
    });
    res.on('end', resolve);
    res.on('error', reject);
    res.on('aborted', () => reject(new Error('the response was cut off')));
  });
}

/** The whole body of a response, for refusals. */
async function textOf(res: http.IncomingMessage): Promise<string> {
  let text = '';
  res.setEncoding('utf8');
  for await (const part of res) text += part as string;
  return text;
}

/** What the client saw of one stream. */
class StreamResult {
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

interface OpenAiChunk {
  choices?: Array<{ delta?: { content?: string | null } }>;
}

/** One reply read straight from the provider: the path without the server. */
async function directStream(providerUrl: string, result: StreamResult) {
  result.started = performance.now();
  const res = await post(`${providerUrl}/v1/chat/completions`, { model: 'fake', stream: true, messages: [{ role: 'user', content: `${marker(result.id)} hello` }] });
  result.headersAt = performance.now();
  await readEvents(res, (_event, data, at) => {
    if (data === '[DONE]') return void (result.status = 'complete');
    const text = (JSON.parse(data) as OpenAiChunk).choices?.[0]?.delta?.content;
    if (text) result.token(text, at);
  });
  result.endedAt = performance.now();
}

/** One reply through `POST /ai/api/v1/chat/send`; events it does not know (start, suggestions…) are skipped. */
async function serverStream(origin: string, token: string, conversationId: string, result: StreamResult) {
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
async function runStreams(n: number, rampMs: number, prefix: string, provider: ReturnType<typeof fakeProvider>, run: (r: StreamResult, i: number) => Promise<void>) {
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

// ---------------------------------------------------------------------------------------------
// Figures

const round = (x: number) => Number(x.toFixed(3));

/** Nearest-rank percentile of unsorted values. */
function pct(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]);
}

/** The most streams that were between their first token and their end at once. */
function peakConcurrent(results: StreamResult[]): number {
  const edges = results.flatMap((r) => (r.firstTokenAt === null ? [] : [[r.firstTokenAt, 1] as const, [r.endedAt || Infinity, -1] as const]));
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let open = 0;
  let peak = 0;
  for (const [, step] of edges) peak = Math.max(peak, (open += step));
  return peak;
}

function summarize(results: StreamResult[], tokens: number, provider: ReturnType<typeof fakeProvider>) {
  const ttfts = results.map((r) => r.ttft).filter((x): x is number => x !== null);
  const headers = results.map((r) => (r.headersAt === null ? null : r.headersAt - r.started)).filter((x): x is number => x !== null);
  const delays = results.flatMap((r) => r.delays);
  // lost: sent by the provider (or due, if it never got the request) and not received
  const lost = results.reduce((sum, r) => sum + Math.max(tokens, provider.streams.get(r.id)?.sent.length ?? 0) - r.received.size, 0);
  const failed = results.filter((r) => r.status !== 'complete');
  return {
    headersP50: pct(headers, 0.5),
    headersP99: pct(headers, 0.99),
    ttftP50: pct(ttfts, 0.5),
    ttftP99: pct(ttfts, 0.99),
    relayP50: pct(delays, 0.5),
    relayP99: pct(delays, 0.99),
    relayMax: round(Math.max(...delays)),
    tokensLost: lost,
    failedStreams: failed.length,
    failures: [...new Set(failed.map((r) => `${r.status}${r.error ? `: ${r.error}` : ''}`))].slice(0, 5),
    peakConcurrent: peakConcurrent(results),
  };
}

// ---------------------------------------------------------------------------------------------
// The server as a child process

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** VmRSS and VmHWM (peak) of a process, in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

/** User + system CPU time of a process, in ms. */
function cpuMsOf(pid: number): number {
  // fields after the ")" of the command name: utime and stime are the 12th and 13th
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
}

/** A fresh database on the PostgreSQL server of DATABASE_URL, or null for PGlite in DATA_DIR. */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return null;
  const name = `starlit_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function startServer(providerUrl: string, dataDir: string, databaseUrl: string | null, logFile: string) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // the adapter appends /v1/chat/completions itself
    LLM_BASE_URL: providerUrl,
    LLM_MODEL: 'fake',
    RATE_LIMIT_PER_MINUTE: '1000000',
    CHAT_SENDS_PER_MINUTE: '1000000',
    SIGNIN_ATTEMPTS_PER_15_MIN: '100000',
    LOG_LEVEL: 'warn',
    // the demo seed publishes the public agents the conversations open
    SEED_DEMO: '1',
    // no web build needed: the server only warns
    WEB_DIST: path.join(dataDir, 'no-web'),
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const flags = process.env.BENCH_PROFILE ? [`--cpu-prof`, `--cpu-prof-dir=${path.join(ROOT, 'bench/results')}`] : [];
  const log = fs.openSync(logFile, 'w');
  // BENCH_SERVER_ENTRY runs another copy of the server (a proposed change) against the same client
  const entry = process.env.BENCH_SERVER_ENTRY ?? 'apps/server/src/main.ts';
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', entry], { cwd: ROOT, env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the server exited (${code}) while starting; see ${logFile}`))));
  exited.catch(() => undefined);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) await exited;
    try {
      await fetch(`${origin}/ai/api/v1/agent/public_list`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      return { child, origin };
    } catch {
      if (Date.now() > deadline) throw new Error(`the server did not listen within 120 s; see ${logFile}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** A JSON call as the web client makes it; throws on a non-zero code. */
async function call<T>(origin: string, callPath: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${origin}${callPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 0) throw new Error(`${callPath} answered ${res.status} code ${envelope.code}: ${envelope.message}`);
  return envelope.data;
}

/** Runs `task` over `items` with at most `limit` at a time (set-up calls, not measured). */
async function pool<T, R>(items: T[], limit: number, task: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await task(items[i], i);
      }
    }),
  );
  return out;
}

// ---------------------------------------------------------------------------------------------

export async function chat() {
  const streams = Number(process.env.BENCH_STREAMS ?? 300);
  const tokens = Number(process.env.BENCH_TOKENS ?? 400);
  const users = Math.max(1, Math.min(streams, Number(process.env.BENCH_USERS ?? 10)));
  // starts spread over one reply's length: the first stream ends about when the last starts,
  // so all N are in flight together (peakConcurrent shows whether they were) while sends arrive
  // at a steady N per reply length rather than in one burst; BENCH_RAMP_MS=0 sends all at once
  const rampMs = Number(process.env.BENCH_RAMP_MS ?? tokens * TOKEN_INTERVAL_MS);

  const loadBefore = os.loadavg()[0];
  const provider = fakeProvider(tokens);
  const providerUrl = await provider.listen();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starlit-bench-chat-'));
  const logFile = path.join(ROOT, 'bench/results/chat-server.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const database = await freshDatabase();
  let child: ChildProcess | null = null;
  try {
    const server = await startServer(providerUrl, dataDir, database?.url ?? null, logFile);
    child = server.child;
    const pid = child.pid!;
    const { origin } = server;

    // sign in through the built-in provider like a browser: passport sign-up → code → token
    const tokensOf = await pool(Array.from({ length: users }), 4, async () => {
      const b = new Browser();
      const back = await signUpThroughPassport(b, origin, `bench_${randomBytes(4).toString('hex')}`);
      const session = await exchange(b, origin, back.code, back.state);
      if (session.code !== 0) throw new Error(`sign-in failed: ${session.message}`);
      return session.data.token;
    });
    const agents = await call<{ items: Array<{ id: string }> }>(origin, '/ai/api/v1/agent/public_list', { limit: 20 });
    if (!agents.items.length) throw new Error('no public agent to talk to: is SEED_DEMO on?');
    const warmups = 10;
    const conversations = await pool(Array.from({ length: streams + warmups }), 16, async (_, i) => {
      const token = tokensOf[i % users];
      const opened = await call<{ id: string }>(origin, '/ai/api/v1/chat/open', { agentId: agents.items[i % agents.items.length].id }, token);
      return { id: opened.id, token };
    });

    // warm both paths (JIT, connection pools) before measuring
    await runStreams(warmups, 0, 'dw', provider, (r) => directStream(providerUrl, r));
    await runStreams(warmups, 0, 'sw', provider, (r, i) => serverStream(origin, conversations[streams + i].token, conversations[streams + i].id, r));

    if (!FRESH_CONNECTIONS) await openConnections(`${providerUrl}/warm`, streams);
    const direct = await runStreams(streams, rampMs, 'd', provider, (r) => directStream(providerUrl, r));
    // an unauthenticated call that answers at once: only the connection matters
    if (!FRESH_CONNECTIONS) await openConnections(`${origin}/ai/api/v1/auth/me`, streams);

    const idle = memoryOf(pid);
    let rssMax = idle.rss;
    const sampler = setInterval(() => (rssMax = Math.max(rssMax, memoryOf(pid).rss)), 100);
    const cpuBefore = cpuMsOf(pid);
    const began = performance.now();
    const viaServer = await runStreams(streams, rampMs, 's', provider, (r, i) => serverStream(origin, conversations[i].token, conversations[i].id, r));
    const seconds = (performance.now() - began) / 1000;
    const cpuMs = cpuMsOf(pid) - cpuBefore;
    clearInterval(sampler);
    const memory = memoryOf(pid);

    // the stored replies must hold every token too, and say complete
    const expected = Array.from({ length: tokens }, (_, i) => tokenText(i)).join('');
    const stored = await pool(viaServer.results, 16, async (r, i) => {
      const detail = await call<{ messages: Array<{ id: string; content: string; status: string }> }>(origin, '/ai/api/v1/chat/messages', { conversationId: conversations[i].id }, conversations[i].token);
      const reply = detail.messages.find((m) => m.id === r.messageId);
      return reply?.content === expected && reply.status === 'complete';
    });

    const d = summarize(direct.results, tokens, provider);
    const s = summarize(viaServer.results, tokens, provider);
    const result = {
      streams,
      tokensPerStream: tokens,
      tokenIntervalMs: TOKEN_INTERVAL_MS,
      rampMs,
      connections: FRESH_CONNECTIONS ? 'fresh' : 'reused',
      sendsPerSecond: rampMs > 0 ? Math.round((streams * 1000) / rampMs) : null,
      users,
      // other work on the machine skews every figure: the 1-minute load average before and after
      loadAverage: [round(loadBefore), round(os.loadavg()[0])],
      database: database ? 'postgres' : 'pglite',
      direct: { ...d, clientLoopDelayP99Ms: direct.clientLoopDelayP99Ms },
      server: { ...s, clientLoopDelayP99Ms: viaServer.clientLoopDelayP99Ms },
      ttftOverheadP50Ms: round(s.ttftP50 - d.ttftP50),
      ttftOverheadP99Ms: round(s.ttftP99 - d.ttftP99),
      relayP99Ms: s.relayP99,
      tokensLost: s.tokensLost,
      failedStreams: s.failedStreams,
      storedRepliesWrong: stored.filter((ok) => !ok).length,
      providerExtraRequests: provider.extraRequests(),
      // before the measured streams, the most seen during them (sampled every 100 ms), and the
      // process's peak (VmHWM), which includes start-up: migrations and the demo seed
      serverIdleRssMb: idle.rss,
      serverRssMb: rssMax,
      serverPeakRssMb: memory.peak,
      serverCpuPercent: Math.round(cpuMs / 10 / seconds),
      serverCpuMsPerStream: round(cpuMs / streams),
      targets: TARGETS,
      pass: {
        ttftOverheadP99: s.ttftP99 - d.ttftP99 <= TARGETS.ttftOverheadP99Ms,
        relayP99: s.relayP99 <= TARGETS.relayP99Ms,
        tokensLost: s.tokensLost === 0 && s.failedStreams === 0 && stored.every(Boolean),
        serverRss: rssMax <= TARGETS.serverRssMb,
      },
    };
    return result;
  } catch (err) {
    const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n') : '';
    if (tail.trim()) console.error(`server log (${logFile}), last lines:\n${tail}`);
    throw err;
  } finally {
    if (child) await stopServer(child);
    await provider.close();
    agent.destroy();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
