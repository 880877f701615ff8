import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread on a TypeScript module, for CPU-heavy work that would otherwise hold
 * the event loop. The server runs its sources through tsx (decision 0004), but on Node 20 a
 * worker neither inherits the parent's `--import tsx` nor honours it in `execArgv`, and vitest
 * does not run under tsx at all. So the worker starts from a two-line ES module (a `data:` URL,
 * no file to ship) that registers tsx's loader in its own thread and then imports `entry`.
 */
export function startTsWorker(entry: URL, options: WorkerOptions = {}): Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import { register } from ${JSON.stringify(tsx)};\nregister();\nawait import(${JSON.stringify(entry.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`), options);
}
