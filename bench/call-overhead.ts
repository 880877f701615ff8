// What the call pipeline (token lookup, validation, envelope, output shaping) costs per
// request, against a bare Fastify route served by the same process in the same run.
import Fastify from 'fastify';
import { startTestServer } from '../apps/server/test/server.ts';

async function hammer(url: string, init: RequestInit, total: number, concurrency: number) {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next++;
      const start = performance.now();
      const res = await fetch(url, init);
      await res.arrayBuffer();
      latencies.push(performance.now() - start);
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Number(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(3));
  return { requests: total, perSecond: Math.round(total / seconds), p50ms: pct(0.5), p99ms: pct(0.99) };
}

export async function callOverhead() {
  const total = Number(process.env.BENCH_REQUESTS ?? 3000);
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
  const t = await startTestServer();
  const base = Fastify();
  base.post('/hello', async () => ({ code: 0, data: { system: '0', interact: '0', all: '0' }, message: '' }));
  try {
    const user = await t.user();
    const appUrl = await t.starlit.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = await base.listen({ port: 0, host: '127.0.0.1' });
    const json = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
    // warm both paths before measuring
    await hammer(`${baseUrl}/hello`, json, 200, concurrency);
    await hammer(`${appUrl}/ai/api/v1/message/notice/get_all_unread_count`, { ...json, headers: { ...json.headers, token: user.token } }, 200, concurrency);
    const baseline = await hammer(`${baseUrl}/hello`, json, total, concurrency);
    const unread = await hammer(`${appUrl}/ai/api/v1/message/notice/get_all_unread_count`, { ...json, headers: { ...json.headers, token: user.token } }, total, concurrency);
    return {
      database: t.starlit.database.kind,
      concurrency,
      baseline,
      unreadCount: unread,
      throughputRatio: Number((unread.perSecond / baseline.perSecond).toFixed(3)),
      p50OverheadMs: Number((unread.p50ms - baseline.p50ms).toFixed(3)),
      rssMB: Math.round(process.memoryUsage().rss / 1e6),
    };
  } finally {
    await base.close();
    await t.close();
  }
}
