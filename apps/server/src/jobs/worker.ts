import type { AnyJob, JobContext, RetryPolicy, SettledStatus } from './define-job.ts';
import type { JobQueue, JobRow } from './queue.ts';

/** A definition with what its handler needs from the running app. */
export interface Runnable {
  definition: AnyJob;
  deps: unknown;
  retry: RetryPolicy;
}

export interface WorkerOptions {
  /** How often to look for due jobs when the queue was empty. */
  pollMs?: number;
  /** A running job whose lease is older than this belongs to a dead process. */
  leaseMs?: number;
  /**
   * The lease age that counts as dead at start. 0 when this process is the only one that
   * can use the database (PGlite): whatever is running then was left by a dead process.
   */
  startupLeaseMs?: number;
  onError?: (err: unknown) => void;
  /** Told when an attempt settled, after its row says so (recurring jobs queue their next turn here). */
  onSettled?: (job: JobRow, status: SettledStatus) => Promise<void>;
}

export interface Worker {
  /** Looks for work now instead of at the next poll (after an enqueue). */
  wake(): void;
  /** Stops a job this process runs (after its row was cancelled); true when it was running here. */
  abort(id: string, reason: Error): boolean;
  /** Jobs running in this process. */
  running(): number;
  /** Stops claiming, aborts the jobs in hand and waits for their rows (they stay running until the lease ends). */
  stop(): Promise<void>;
}

export class JobTimeoutError extends Error {
  constructor(ms: number) {
    super(`timed out after ${ms} ms`);
    this.name = 'JobTimeoutError';
  }
}

class JobCancelledError extends Error {}
class WorkerStoppingError extends Error {}

/**
 * An in-process worker for the given job kinds. On start it re-queues jobs a dead process left
 * running, then claims due jobs while a kind has a free slot, and sleeps until the next poll
 * or wake(). An attempt ends when its handler does or when its signal is aborted (timeout,
 * cancel, stop), whichever comes first: a handler that never settles cannot keep its slot.
 */
export function startWorker(queue: JobQueue, kinds: Map<string, Runnable>, options: WorkerOptions = {}): Worker {
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const onError = options.onError ?? ((err) => console.warn('jobs:', err));
  const inHand = new Map<string, { kind: string; controller: AbortController; done: Promise<void> }>();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let pumping = false;
  let wokenWhilePumping = false;
  let ticking: Promise<void> = Promise.resolve();
  let lastBeat = 0;

  const busy = (kind: string) => [...inHand.values()].filter((r) => r.kind === kind).length;
  const freeKinds = () => [...kinds].filter(([kind, r]) => busy(kind) < (r.definition.concurrency ?? 1)).map(([kind]) => kind);

  const settle = async (job: JobRow, status: SettledStatus) => {
    try {
      await options.onSettled?.(job, status);
    } catch (err) {
      onError(err);
    }
  };

  const run = async (job: JobRow, runnable: Runnable, controller: AbortController) => {
    const { definition, deps, retry } = runnable;
    const timeout = setTimeout(() => controller.abort(new JobTimeoutError(definition.timeoutMs)), definition.timeoutMs);
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
    });
    const ctx: JobContext = { jobId: job.id, attempt: job.attempts, signal: controller.signal, progress: (percent) => queue.progress(job.id, percent) };
    try {
      const handled = Promise.resolve().then(() => definition.handler(definition.payload.parse(job.payload), ctx, deps));
      const result = await Promise.race([handled, aborted]);
      if (await queue.complete(job, result ?? null)) await settle(job, 'done');
    } catch (err) {
      // a stop mid-job is not the job's fault: the row stays running for the next start to take over
      if (controller.signal.reason instanceof WorkerStoppingError) return;
      if (controller.signal.reason instanceof JobCancelledError) return settle(job, 'cancelled');
      const status = await queue.fail(job, err instanceof Error ? err.message : String(err), retry.backoffMs);
      if (status) await settle(job, status);
    } finally {
      clearTimeout(timeout);
    }
  };

  const claimWhileFree = async () => {
    while (!stopped) {
      const job = await queue.claim(freeKinds());
      // one claimed while stopping stays running: the next start takes it over
      if (!job || stopped) return;
      const controller = new AbortController();
      const done = run(job, kinds.get(job.kind)!, controller)
        .catch(onError)
        .finally(() => {
          inHand.delete(job.id);
          wake();
        });
      inHand.set(job.id, { kind: job.kind, controller, done });
    }
  };

  const pump = async () => {
    if (stopped) return;
    // a wake during a pump must not be lost: a job enqueued after its last empty claim would wait for the next poll
    if (pumping) {
      wokenWhilePumping = true;
      return;
    }
    pumping = true;
    try {
      do {
        wokenWhilePumping = false;
        await claimWhileFree();
      } while (wokenWhilePumping && !stopped);
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
        // a job cancelled (or taken over) in another process stops here too
        for (const id of await queue.heartbeat([...inHand.keys()])) inHand.get(id)?.controller.abort(new JobCancelledError('cancelled'));
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
    abort(id, reason) {
      const held = inHand.get(id);
      held?.controller.abort(new JobCancelledError(reason.message));
      return Boolean(held);
    },
    running: () => inHand.size,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const held of inHand.values()) held.controller.abort(new WorkerStoppingError('the server is stopping'));
      // a claim or heartbeat in flight must finish before the database closes
      await ticking;
      while (pumping) await new Promise((resolve) => setTimeout(resolve, 5));
      await Promise.allSettled([...inHand.values()].map((h) => h.done));
    },
  };
}
