import { z } from 'zod';
import type { JobRow } from './queue.ts';

/** What a handler gets besides its payload. */
export interface JobContext {
  jobId: string;
  /** 1 on the first try. */
  attempt: number;
  /** Aborted on timeout, cancel and shutdown: pass it to every provider call. */
  signal: AbortSignal;
  /** Records how far the job is, in percent (0–100), for whoever reads the job. */
  progress(percent: number): Promise<void>;
}

export interface RetryPolicy {
  /** Attempts before the job is failed for good (1: no retry). */
  attempts: number;
  /** Wait after the first failed attempt; it doubles with each further one. */
  backoffMs: number;
}

/** How an attempt ended: done, queued again for a retry, failed for good, or cancelled. */
export type SettledStatus = 'done' | 'queued' | 'failed' | 'cancelled';

/**
 * One kind of background work: its name, the schema every payload is checked against on
 * enqueue and again when it runs, the handler and how it is run. `D` is what the handler
 * needs from the running app (services, storage); the module that owns the job returns it
 * under `jobs` from its setup, so a definition is a plain constant that services can name.
 *
 * Methods (not arrow properties) keep a definition assignable to `AnyJob` whatever its payload.
 */
export interface JobDefinition<N extends string = string, P = unknown, D = unknown> {
  name: N;
  payload: z.ZodType<P>;
  handler(payload: P, ctx: JobContext, deps: D): Promise<unknown>;
  /** The system's default policy (JOB_MAX_ATTEMPTS, JOB_RETRY_BASE_MS) when absent. */
  retry?: RetryPolicy;
  /** An attempt still running after this is aborted and counted as failed; its slot is freed at once. */
  timeoutMs: number;
  /** Higher runs first among due jobs of every kind. */
  priority?: number;
  /** Jobs of this kind one process runs at once. */
  concurrency?: number;
  /** While a job with this key is queued or running, enqueueing another answers that one. */
  dedupeKey?(payload: P): string;
  /** A recurring job: one is kept queued, each run `everyMs` after the last one ended. */
  everyMs?: number;
  /** Told after each attempt (e.g. to push the status to the owner's pages). */
  onSettled?(payload: P, job: JobRow, status: SettledStatus, deps: D): void | Promise<void>;
}

/** Any definition, whatever its payload and dependencies. */
export type AnyJob = JobDefinition<string, unknown, unknown>;

export type PayloadOf<J> = J extends JobDefinition<string, infer P, infer _D> ? P : never;
export type DepsOf<J> = J extends JobDefinition<string, infer _P, infer D> ? D : never;

/** Checks a definition's types where it is written; answers it unchanged. */
export function defineJob<N extends string, P, D = void>(definition: JobDefinition<N, P, D>): JobDefinition<N, P, D> {
  return definition;
}

/** What an hourly sweep needs: the sweep itself; what it answers is kept as the job's result. */
export interface SweepDeps {
  sweep(): Promise<unknown>;
}

/**
 * A housekeeping job run once an hour and at the first start: one attempt each time, as the
 * next hour tries again anyway.
 */
export function defineHourlySweep<N extends string>(name: N, timeoutMs: number): JobDefinition<N, Record<string, never>, SweepDeps> {
  return defineJob({
    name,
    payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
    everyMs: 60 * 60_000,
    timeoutMs,
    retry: { attempts: 1, backoffMs: 0 },
    handler: (_payload, _ctx, deps: SweepDeps) => deps.sweep(),
  });
}
