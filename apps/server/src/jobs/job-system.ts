import type { Db, Tx } from '../db/client.ts';
import type { AnyJob, DepsOf, PayloadOf, RetryPolicy, SettledStatus } from './define-job.ts';
import { jobQueue, type JobRow } from './queue.ts';
import { startWorker, type Runnable, type Worker } from './worker.ts';

export interface JobSystemOptions {
  /** Retry policy of the definitions that set none. */
  defaultRetry: RetryPolicy;
  /** Finished jobs (done, failed, cancelled) are deleted this long after they ended. */
  retentionMs: number;
  /** Only this process can use the database (PGlite): jobs left running at start are re-queued at once. */
  singleProcess: boolean;
  pollMs?: number;
  leaseMs?: number;
  onError?: (err: unknown) => void;
}

/** A payload that does not match its job's schema: a programming error, never a user's. */
export class InvalidJobPayloadError extends Error {
  constructor(name: string, issues: string) {
    super(`job ${name}: invalid payload: ${issues}`);
    this.name = 'InvalidJobPayloadError';
  }
}

type Named<Defs extends readonly AnyJob[], N> = Extract<Defs[number], { name: N }>;
type DepsArgs<J> = DepsOf<J> extends void ? [] : [deps: DepsOf<J>];

/** What one provider lends jobs of `Defs`: by job name, that job's handler dependencies. */
export type JobDepsOf<Defs extends readonly AnyJob[]> = { [J in Defs[number] as J['name']]?: DepsOf<J> };

/** Who lends which jobs their dependencies (a module and the `jobs` it returned). */
export interface JobProvider<Defs extends readonly AnyJob[]> {
  name: string;
  jobs?: JobDepsOf<Defs>;
}

/**
 * The typed job registry over one table: every kind of background work is a definition
 * (define-job.ts) in `definitions`, so `enqueue(tx, name, payload)` checks the payload's type
 * at compile time and its schema at run time. One worker per process runs every kind, each
 * within its own concurrency.
 */
export function jobSystem<const Defs extends readonly AnyJob[]>(db: Db, definitions: Defs, options: JobSystemOptions) {
  type Name = Defs[number]['name'];
  const queue = jobQueue(db);
  const byName = new Map<string, AnyJob>(definitions.map((d) => [d.name, d]));
  const provided = new Map<string, unknown>();
  // told when an attempt of that job settles here, so a waiter need not wait for its next read
  const waiters = new Map<string, Set<() => void>>();
  let worker: Worker | null = null;

  function definition(name: string): AnyJob {
    const found = byName.get(name);
    if (!found) throw new Error(`no job is defined as ${name}`);
    return found;
  }

  async function add(tx: Db | Tx, name: string, payload: unknown, when: { delayMs?: number; spacingMs?: number } = {}): Promise<JobRow> {
    const def = definition(name);
    const checked = def.payload.safeParse(payload);
    if (!checked.success) throw new InvalidJobPayloadError(name, checked.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`).join('; '));
    const job = await queue.enqueue(tx, {
      kind: name,
      payload: checked.data,
      maxAttempts: (def.retry ?? options.defaultRetry).attempts,
      priority: def.priority ?? 0,
      dedupeKey: def.dedupeKey?.(checked.data) ?? (def.everyMs ? 'recurring' : null),
      ...when,
    });
    // in the caller's transaction the row is not visible yet: the caller wakes after commit
    if (tx === db) worker?.wake();
    return job;
  }

  /** Runs after each attempt: the definition's own hook, then a recurring job's next turn. */
  async function settled(job: JobRow, status: SettledStatus) {
    const def = definition(job.kind);
    await def.onSettled?.(def.payload.parse(job.payload), job, status, provided.get(job.kind));
    for (const wake of waiters.get(job.id) ?? []) wake();
    if (def.everyMs && status !== 'queued') await add(db, def.name, job.payload, { delayMs: def.everyMs });
  }

  /** Waits up to `ms` (or until `signal` aborts) for something to happen to a job: told here, or a read a moment later. */
  function nap(id: string, ms: number, signal?: AbortSignal) {
    return new Promise<void>((resolve) => {
      const listeners = waiters.get(id) ?? new Set<() => void>();
      waiters.set(id, listeners);
      const wake = () => {
        clearTimeout(timer);
        listeners.delete(wake);
        if (listeners.size === 0) waiters.delete(id);
        signal?.removeEventListener('abort', wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      listeners.add(wake);
      signal?.addEventListener('abort', wake, { once: true });
    });
  }

  return {
    /**
     * Adds a job in `tx` (pass the caller's transaction so the job exists only if its writes
     * commit, or the database). A dedupe key with a live job answers that job instead.
     * `delayMs` makes it due that much later (a scheduled publish); the row keeps the time, so
     * a restart in between changes nothing.
     */
    enqueue<N extends Name>(tx: Db | Tx, name: N, payload: PayloadOf<Named<Defs, N>>, when: { delayMs?: number } = {}): Promise<JobRow> {
      return add(tx, name, payload, when);
    },

    get: (id: string) => queue.get(id),

    /**
     * The job once it finished (done, failed for good, cancelled), or as it is after `timeoutMs`
     * or when `signal` aborts; null if it is gone. For a caller that answers only once its job is done.
     */
    async finished(id: string, timeoutMs: number, signal?: AbortSignal): Promise<JobRow | null> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const job = await queue.get(id);
        if (!job || (job.status !== 'queued' && job.status !== 'running')) return job;
        const left = deadline - Date.now();
        if (left <= 0 || signal?.aborted) return job;
        // jobs run by another instance are seen by reading again
        await nap(id, Math.min(left, 250), signal);
      }
    },

    /** Cancels a queued or running job; a running one is aborted (at once here, within a heartbeat elsewhere). */
    async cancel(id: string): Promise<boolean> {
      if (!(await queue.cancel(id))) return false;
      worker?.abort(id, new Error('cancelled'));
      return true;
    },

    /** A failed job starts over with a fresh set of attempts; false for any other state. */
    async retry(id: string): Promise<boolean> {
      if (!(await queue.retry(id))) return false;
      worker?.wake();
      return true;
    },

    /** Deletes finished jobs older than the retention period. */
    deleteFinished: () => queue.deleteFinished(options.retentionMs),

    /** Gives a definition's handler what it needs from the running app. Before start(). */
    provide<N extends Name>(name: N, ...deps: DepsArgs<Named<Defs, N>>): void {
      provided.set(definition(name).name, deps[0]);
    },

    /**
     * Takes every definition's dependencies from the providers that declare them (the app's
     * modules). Throws, naming the job, when a definition has no provider or more than one.
     */
    provideAll(providers: ReadonlyArray<JobProvider<Defs>>): void {
      const problems: string[] = [];
      for (const def of definitions) {
        const by = providers.filter((p) => p.jobs && Object.hasOwn(p.jobs, def.name));
        if (by.length === 0) problems.push(`job ${def.name} is provided by no module`);
        else if (by.length > 1) problems.push(`job ${def.name} is provided by more than one module: ${by.map((p) => p.name).join(', ')}`);
        else {
          const lent: Partial<Record<string, unknown>> = by[0]!.jobs!;
          provided.set(def.name, lent[def.name]);
        }
      }
      if (problems.length) throw new Error(`${problems.join('; ')} (a module provides its jobs under \`jobs\` in what its setup returns)`);
    },

    /** Looks for due jobs now (after a transaction that enqueued committed). */
    wake: () => worker?.wake(),

    /** Jobs running in this process. */
    running: () => worker?.running() ?? 0,

    /** Queues each recurring job's turn (unless one is queued already) and starts the worker. */
    async start(): Promise<void> {
      const missing = definitions.filter((d) => !provided.has(d.name)).map((d) => d.name);
      if (missing.length) throw new Error(`jobs without their dependencies: ${missing.join(', ')}`);
      // an interval after the last turn, even one that ended an instant ago and whose next turn
      // is not queued yet: a start never runs a turn early
      for (const def of definitions) if (def.everyMs) await add(db, def.name, def.payload.parse({}), { spacingMs: def.everyMs });
      const kinds = new Map<string, Runnable>(definitions.map((d) => [d.name, { definition: d, deps: provided.get(d.name), retry: d.retry ?? options.defaultRetry }]));
      worker = startWorker(queue, kinds, {
        pollMs: options.pollMs,
        leaseMs: options.leaseMs,
        startupLeaseMs: options.singleProcess ? 0 : undefined,
        onError: options.onError,
        onSettled: settled,
      });
    },

    async stop(): Promise<void> {
      await worker?.stop();
      worker = null;
    },
  };
}

export type JobSystem<Defs extends readonly AnyJob[]> = ReturnType<typeof jobSystem<Defs>>;
