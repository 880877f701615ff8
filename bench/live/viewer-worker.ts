// One worker thread's share of the simulated viewers: raw `http` SSE connections, frames split
// cheaply (only the `id:` line of an event is read), and the time each event number arrived kept
// per viewer. Nothing is computed while the load runs; the main thread asks for the figures at
// the end, when it knows when each numbered event was sent.
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import type { FinishRequest, ViewerReport, WorkerInput } from './viewers.ts';

const input = workerData as WorkerInput;
/** Wall-clock milliseconds with sub-millisecond precision, comparable across threads. */
const now = () => performance.timeOrigin + performance.now();

interface Viewer {
  /** Arrival time of event `after + 1 + i` at index i; 0 when it never came. */
  arrivals: Float64Array;
  after: number;
  lastSeq: number;
  duplicates: number;
  outOfOrder: number;
  resets: number;
  ended: boolean;
  viewerFrames: number;
  req: http.ClientRequest | null;
}

const viewers: Viewer[] = [];
const loop = monitorEventLoopDelay({ resolution: 10 });

function record(v: Viewer, seq: number, at: number) {
  const i = seq - v.after - 1;
  if (seq <= v.lastSeq) v.outOfOrder++;
  else v.lastSeq = seq;
  if (i < 0) return;
  if (i >= v.arrivals.length) {
    let size = v.arrivals.length * 2;
    while (size <= i) size *= 2;
    const grown = new Float64Array(size);
    grown.set(v.arrivals);
    v.arrivals = grown;
  }
  if (v.arrivals[i] !== 0) v.duplicates++;
  else v.arrivals[i] = at;
}

function open(url: string, after: number): Promise<boolean> {
  const v: Viewer = { arrivals: new Float64Array(1024), after, lastSeq: after, duplicates: 0, outOfOrder: 0, resets: 0, ended: false, viewerFrames: 0, req: null };
  return new Promise((resolve) => {
    // agent: false: one socket per viewer, as 5,000 browsers would have
    const req = http.get(`${url}?after=${after}`, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        resolve(false);
        return;
      }
      viewers.push(v);
      res.setEncoding('utf8');
      let buffer = '';
      let helloSeen = false;
      res.on('data', (chunk: string) => {
        const at = now();
        buffer = buffer ? buffer + chunk : chunk;
        let start = 0;
        for (let end = buffer.indexOf('\n\n', start); end !== -1; end = buffer.indexOf('\n\n', start)) {
          // frames: "id: N\nevent: event\n…", "event: hello\n…", "event: viewers\n…", "event: reset\n…", ": ping"
          if (buffer.startsWith('id: ', start)) record(v, Number(buffer.slice(start + 4, buffer.indexOf('\n', start))), at);
          else if (buffer.startsWith('event: hello', start)) {
            if (!helloSeen) resolve(true);
            helloSeen = true;
          } else if (buffer.startsWith('event: viewers', start)) v.viewerFrames++;
          else if (buffer.startsWith('event: reset', start)) v.resets++;
          start = end + 2;
        }
        buffer = start < buffer.length ? buffer.slice(start) : '';
      });
      res.on('end', () => {
        v.ended = true;
        if (!helloSeen) resolve(false);
      });
      res.on('error', () => {
        v.ended = true;
      });
    });
    v.req = req;
    req.on('error', () => {
      v.ended = true;
      resolve(false);
    });
  });
}

async function connect(): Promise<{ connected: number; failed: number }> {
  let next = 0;
  let connected = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: input.concurrency }, async () => {
      while (next < input.count) {
        const i = next++;
        if (await open(input.urls[(input.offset + i) % input.urls.length], input.after)) connected++;
        else failed++;
      }
    }),
  );
  return { connected, failed };
}

function finish(req: FinishRequest): ViewerReport {
  const sent = new Map<number, number>();
  for (let i = 0; i < req.sendTimes.length; i += 2) sent.set(req.sendTimes[i], req.sendTimes[i + 1]);
  let pairs = 0;
  for (const v of viewers) for (const [seq] of sent) if (seq > v.after && seq <= req.lastSeq) pairs++;
  const latencies = new Float64Array(pairs);
  let n = 0;
  let missing = 0;
  let viewersMissing = 0;
  let duplicates = 0;
  let outOfOrder = 0;
  let resets = 0;
  let ended = 0;
  let viewerFrames = 0;
  for (const v of viewers) {
    let mine = 0;
    for (let seq = v.after + 1; seq <= req.lastSeq; seq++) {
      const i = seq - v.after - 1;
      const at = i < v.arrivals.length ? v.arrivals[i] : 0;
      if (at === 0) {
        mine++;
        continue;
      }
      const sentAt = sent.get(seq);
      if (sentAt !== undefined) latencies[n++] = at - sentAt;
    }
    missing += mine;
    if (mine > 0) viewersMissing++;
    duplicates += v.duplicates;
    outOfOrder += v.outOfOrder;
    resets += v.resets;
    viewerFrames += v.viewerFrames;
    if (v.ended) ended++;
  }
  const h = loop;
  return {
    viewers: viewers.length,
    latencies: latencies.slice(0, n),
    missing,
    viewersMissing,
    duplicates,
    outOfOrder,
    resets,
    ended,
    viewerFrames,
    loopDelayP99Ms: Math.round(h.percentile(99) / 1e4) / 100,
    loopDelayMaxMs: Math.round(h.max / 1e4) / 100,
  };
}

parentPort!.on('message', async (msg: { type: 'connect' } | { type: 'measure' } | ({ type: 'finish' } & FinishRequest) | { type: 'close' }) => {
  if (msg.type === 'connect') parentPort!.postMessage({ type: 'connected', ...(await connect()) });
  else if (msg.type === 'measure') {
    loop.reset();
    loop.enable();
  } else if (msg.type === 'finish') {
    loop.disable();
    const report = finish(msg);
    parentPort!.postMessage({ type: 'report', report }, [report.latencies.buffer as ArrayBuffer]);
  } else if (msg.type === 'close') {
    for (const v of viewers) v.req?.destroy();
    parentPort!.postMessage({ type: 'closed' });
  }
});
