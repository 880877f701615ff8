// The simulated viewers, spread over worker threads (bench/live/viewer-worker.ts): connect them,
// start measuring, then gather what each saw against when each numbered event was sent.
import { Worker } from 'node:worker_threads';

export interface WorkerInput {
  /** Stream addresses; viewer i of the whole crowd opens urls[i % urls.length]. */
  urls: string[];
  offset: number;
  count: number;
  after: number;
  concurrency: number;
}

export interface FinishRequest {
  /** Pairs: seq, send time (wall-clock ms). */
  sendTimes: Float64Array;
  /** Every viewer should hold every event after its `after` up to this one. */
  lastSeq: number;
}

export interface ViewerReport {
  viewers: number;
  latencies: Float64Array;
  missing: number;
  viewersMissing: number;
  duplicates: number;
  outOfOrder: number;
  resets: number;
  ended: number;
  viewerFrames: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

// Node 20 does not pass `--import tsx` on to workers: the worker registers tsx itself first
const WORKER_BOOT = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./viewer-worker.ts', import.meta.url).href)}); })`;

function ask<T>(worker: Worker, message: unknown, answer: string, transfer: ArrayBuffer[] = []): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { type: string } & T) => {
      if (m.type !== answer) return;
      worker.off('message', onMessage);
      worker.off('error', reject);
      resolve(m);
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.postMessage(message, transfer);
  });
}

export async function openViewers(urls: string[], count: number, threads: number, after = 0, concurrency = 64) {
  const workers: Worker[] = [];
  const per = Math.ceil(count / threads);
  for (let t = 0; t < threads; t++) {
    const mine = Math.min(per, count - t * per);
    if (mine <= 0) break;
    const data: WorkerInput = { urls, offset: t * per, count: mine, after, concurrency: Math.max(1, Math.round(concurrency / threads)) };
    workers.push(new Worker(WORKER_BOOT, { eval: true, workerData: data }));
  }
  const began = performance.now();
  const opened = await Promise.all(workers.map((w) => ask<{ connected: number; failed: number }>(w, { type: 'connect' }, 'connected')));
  const connectSeconds = (performance.now() - began) / 1000;
  return {
    connected: opened.reduce((s, o) => s + o.connected, 0),
    failed: opened.reduce((s, o) => s + o.failed, 0),
    connectSeconds: Math.round(connectSeconds * 10) / 10,
    threads: workers.length,
    measure() {
      for (const w of workers) w.postMessage({ type: 'measure' });
    },
    async finish(sendTimes: Map<number, number>, lastSeq: number): Promise<ViewerReport[]> {
      const flat = new Float64Array(sendTimes.size * 2);
      let i = 0;
      for (const [seq, at] of sendTimes) {
        flat[i++] = seq;
        flat[i++] = at;
      }
      return Promise.all(workers.map((w) => ask<{ report: ViewerReport }>(w, { type: 'finish', sendTimes: flat, lastSeq }, 'report').then((m) => m.report)));
    },
    async close() {
      await Promise.all(workers.map((w) => ask(w, { type: 'close' }, 'closed')));
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

export type Viewers = Awaited<ReturnType<typeof openViewers>>;

/** Latency percentiles over every (event, viewer) pair, and what went missing or came twice. */
export function deliveryFigures(reports: ViewerReport[]) {
  let total = 0;
  for (const r of reports) total += r.latencies.length;
  const all = new Float64Array(total);
  let at = 0;
  for (const r of reports) {
    all.set(r.latencies, at);
    at += r.latencies.length;
  }
  all.sort();
  const pct = (p: number) => (all.length ? Math.round(all[Math.min(all.length - 1, Math.floor((p / 100) * all.length))] * 10) / 10 : null);
  const sum = (f: (r: ViewerReport) => number) => reports.reduce((s, r) => s + f(r), 0);
  return {
    pairs: all.length,
    deliveryP50Ms: pct(50),
    deliveryP95Ms: pct(95),
    deliveryP99Ms: pct(99),
    deliveryMaxMs: all.length ? Math.round(all[all.length - 1] * 10) / 10 : null,
    /** (viewer, event) pairs a viewer never got: every event after its start up to the last one. */
    lost: sum((r) => r.missing),
    viewersMissingEvents: sum((r) => r.viewersMissing),
    duplicates: sum((r) => r.duplicates),
    outOfOrder: sum((r) => r.outOfOrder),
    resets: sum((r) => r.resets),
    streamsEndedEarly: sum((r) => r.ended),
    viewerCountFrames: sum((r) => r.viewerFrames),
    clientLoopDelayP99Ms: Math.max(...reports.map((r) => r.loopDelayP99Ms)),
    clientLoopDelayMaxMs: Math.max(...reports.map((r) => r.loopDelayMaxMs)),
  };
}
