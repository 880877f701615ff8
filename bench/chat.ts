// What relaying a streamed chat reply through the server costs, at N concurrent conversations.
// A fake OpenAI-compatible provider in this process streams one token every 20 ms (50 tokens/s)
// and notes when it sent each one; the client, in the same process, notes when each arrives,
// so both ends read one clock (performance.now()). The same client reads N streams straight
// from the provider (the baseline) and then N streams through the server, which runs as a child
// process so its RSS and its event loop are its own.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Browser } from '../apps/server/test/browser.ts';
import { exchange, signUpThroughPassport } from '../apps/server/test/sign-in.ts';
import { fakeProvider } from './chat/fake-provider.ts';
import { agent, directStream, FRESH_CONNECTIONS, openConnections, runStreams, serverStream } from './chat/client.ts';
import { round, summarize } from './chat/figures.ts';
import { call, cpuMsOf, freshDatabase, memoryOf, pool, ROOT, startServer, stopServer } from './chat/server-process.ts';
import { TOKEN_INTERVAL_MS, tokenText } from './chat/protocol.ts';

const TARGETS = { ttftOverheadP99Ms: 20, relayP99Ms: 2, tokensLost: 0, serverRssMb: 600 };

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
      const opened = await call<{ id: string }>(origin, '/ai/api/v1/chat/open', { agentId: agents.items[i % agents.items.length].id, fresh: true }, token);
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
      const detail = await call<{ messages: Array<{ id: string; content: string; status: string }> }>(
        origin,
        '/ai/api/v1/chat/messages',
        { conversationId: conversations[i].id },
        conversations[i].token,
      );
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
