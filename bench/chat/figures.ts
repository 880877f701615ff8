// Percentiles and the per-path summary of a run.
import type { fakeProvider } from './fake-provider.ts';
import type { StreamResult } from './client.ts';

export const round = (x: number) => Number(x.toFixed(3));

/** Nearest-rank percentile of unsorted values. */
export function pct(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]);
}

/** The most streams that were between their first token and their end at once. */
export function peakConcurrent(results: StreamResult[]): number {
  const edges = results.flatMap((r) => (r.firstTokenAt === null ? [] : [[r.firstTokenAt, 1] as const, [r.endedAt || Infinity, -1] as const]));
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let open = 0;
  let peak = 0;
  for (const [, step] of edges) {
    open += step;
    peak = Math.max(peak, open);
  }
  return peak;
}

export function summarize(results: StreamResult[], tokens: number, provider: ReturnType<typeof fakeProvider>) {
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
