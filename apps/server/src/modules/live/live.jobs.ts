import { z } from 'zod';
import { defineJob, type JobContext, type SettledStatus } from '../../jobs/define-job.ts';

export const LIVE_TALK_JOB = 'live.talk';
export const LIVE_PREPARE_JOB = 'live.prepare';
export const LIVE_SWEEP_JOB = 'live.sweep';

/** A show nobody has watched for this long ends by itself. */
export const LIVE_IDLE_MS = 10 * 60_000;

export const LiveJobPayload = z.object({ showId: z.uuid() });
export type LiveJobPayload = z.infer<typeof LiveJobPayload>;

export interface LiveTalkJobDeps {
  turn(payload: LiveJobPayload, ctx: JobContext): Promise<unknown>;
  /** After a turn: the next one, if anything waits, once the line said has ended. */
  settled(payload: LiveJobPayload, status: SettledStatus): Promise<void>;
}

export interface LivePrepareJobDeps {
  prepare(payload: LiveJobPayload, ctx: JobContext): Promise<unknown>;
}

/**
 * One turn of a show's agent (docs/live.md, The agent talks). One at a time per show (the dedupe
 * key); each turn enqueues the next when it settles, delayed until its line has been said. A turn
 * that fails is not tried again: what it took up is marked, and the room has moved on.
 */
export const liveTalkJob = defineJob({
  name: LIVE_TALK_JOB,
  payload: LiveJobPayload,
  timeoutMs: 60_000,
  concurrency: 4,
  priority: 5,
  retry: { attempts: 1, backoffMs: 0 },
  dedupeKey: (p) => `live-talk:${p.showId}`,
  handler: (payload, ctx, deps: LiveTalkJobDeps) => deps.turn(payload, ctx),
  onSettled: (payload, _job, status, deps) => deps.settled(payload, status),
});

/** Dances a new show's songs that came without a dance; a second attempt goes on from the first song left. */
export const livePrepareJob = defineJob({
  name: LIVE_PREPARE_JOB,
  payload: LiveJobPayload,
  timeoutMs: 10 * 60_000,
  concurrency: 1,
  retry: { attempts: 2, backoffMs: 2000 },
  dedupeKey: (p) => `live-prepare:${p.showId}`,
  handler: (payload, ctx, deps: LivePrepareJobDeps) => deps.prepare(payload, ctx),
});

export interface LiveSweepDeps {
  sweep(): Promise<unknown>;
}

/** Every minute: ends the shows nobody has watched for `LIVE_IDLE_MS`, with their summaries. */
export const liveSweepJob = defineJob({
  name: LIVE_SWEEP_JOB,
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  everyMs: 60_000,
  timeoutMs: 60_000,
  retry: { attempts: 1, backoffMs: 0 },
  handler: (_payload, _ctx, deps: LiveSweepDeps) => deps.sweep(),
});
