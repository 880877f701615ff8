import type { JobQueue, JobRow } from './queue.ts';

/** Runs one job; what it answers is stored as the job's result. Throwing counts as a failed attempt. */
export type JobHandler = (job: JobRow, signal: AbortSignal) => Promise<unknown>;

export interface WorkerOptions {
  /** How often to look for due jobs when the queue was empty. */
  pollMs?: number;
  /** Jobs run at once by this process. */
  concurrency?: number;
  /** A running job whose lease is older than this belongs to a dead process. */
  leaseMs?: number;
  /**
   * The lease age that counts as dead at start. 0 when this process is the only one that
   * can use the database (PGlite): whatever is running then was left by a dead process.
   */
  startupLeaseMs?: number;
  /** Told after each finished attempt (e.g. to push the status to the owner's pages). */
  onSettled?: (job: JobRow, status: 'done' | 'queued' | 'failed') => void;
  onError?: (err: unknown) => void;
}

export interface Worker {
  /** Looks for work now instead of at the next poll (after an enqueue). */
  wake(): void;
  /** Stops claiming, aborts and waits for the jobs in hand (their rows stay running until the lease ends). */
  stop(): Promise<void>;
}

/**
 * An in-process worker for some job kinds. On start it re-queues jobs a dead process left
 * running, then claims due jobs until the queue is empty and sleeps until the next poll
 * or wake().
 */
export function startWorker(queue: JobQueue, handlers: Record<string, JobHandler>, options: WorkerOptions = {}): Worker {
  const pollMs = options.pollMs ?? 1000;
  const concurrency = options.concurrency ?? 2;
  const leaseMs = options.leaseMs ?? 60_000;
  const onError = options.onError ?? ((err) => console.warn('jobs:', err));
  const kinds = Object.keys(handlers);
  const running = new Map<string, Promise<void>>();
  const abort = new AbortController();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let pumping = false;
  let ticking: Promise<void> = Promise.resolve();
  let lastBeat = 0;

  const run = async (job: JobRow) => {
    try {
      const result = await handlers[job.kind]!(job, abort.signal);
      await queue.complete(job.id, result ?? null);
      options.onSettled?.(job, 'done');
    } catch (err) {
      // a stop mid-job is not the job's fault: leave it running for the next start to take over
      if (stopped) return;
      const status = await queue.fail(job, err instanceof Error ? err.message : String(err));
      options.onSettled?.(job, status);
    }
  };

  const pump = async () => {
    if (pumping || stopped) return;
    pumping = true;
    try {
      while (!stopped && running.size < concurrency) {
        const job = await queue.claim(kinds);
        if (!job) break;
        const task = run(job)
          .catch(onError)
          .finally(() => {
            running.delete(job.id);
            wake();
          });
        running.set(job.id, task);
      }
    } catch (err) {
      onError(err);
    } finally {
      pumping = false;
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      ticking = tick(leaseMs);
    }, pollMs);
  };

  const tick = async (staleMs: number) => {
    try {
      if (Date.now() - lastBeat >= leaseMs / 3) {
        lastBeat = Date.now();
        await queue.heartbeat([...running.keys()]);
        await queue.requeueStale(staleMs);
      }
    } catch (err) {
      onError(err);
    }
    await pump();
    schedule();
  };

  function wake() {
    void pump();
  }

  ticking = tick(options.startupLeaseMs ?? leaseMs);

  return {
    wake,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      abort.abort();
      // a claim or heartbeat in flight must finish before the database closes
      await ticking;
      await Promise.allSettled(running.values());
      while (pumping) await new Promise((resolve) => setTimeout(resolve, 5));
    },
  };
}
