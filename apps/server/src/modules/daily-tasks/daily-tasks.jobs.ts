import { z } from 'zod';
import { defineJob, type JobContext, type SettledStatus } from '../../jobs/define-job.ts';

export const DAILY_TASK_JOB = 'daily-task.run';
export const DAILY_TASK_PUBLISH_JOB = 'daily-task.publish';

/** A job carries only its task's id: the row holds the form and the kept steps. */
export const TaskJobPayload = z.object({ taskId: z.uuid() });
export type TaskJobPayload = z.infer<typeof TaskJobPayload>;

export interface DailyTaskJobDeps {
  run(payload: TaskJobPayload, ctx: JobContext): Promise<unknown>;
  /** After an attempt, with the job it was: only that job's run may be ended by it. */
  settled(payload: TaskJobPayload, status: SettledStatus, jobId: string): Promise<void>;
}

export interface DailyTaskPublishDeps {
  publish(payload: TaskJobPayload, ctx: JobContext): Promise<unknown>;
}

/**
 * Runs one daily task's pipeline. Two attempts: the second (or the next process after a crash)
 * starts at the first step without a kept output; after the last the task fails and its hold
 * is voided. A comic_to_video renders for minutes on a small machine: a long timeout.
 */
export const dailyTaskJob = defineJob({
  name: DAILY_TASK_JOB,
  payload: TaskJobPayload,
  timeoutMs: 20 * 60_000,
  concurrency: 2,
  retry: { attempts: 2, backoffMs: 1000 },
  handler: (payload, ctx, deps: DailyTaskJobDeps) => deps.run(payload, ctx),
  onSettled: (payload, job, status, deps) => deps.settled(payload, status, job.id),
});

/**
 * Publishes a finished task at its scheduled time: the job is enqueued with that delay, so it is
 * a row that survives restarts; publishing is keyed by the task, so it happens once.
 */
export const dailyTaskPublishJob = defineJob({
  name: DAILY_TASK_PUBLISH_JOB,
  payload: TaskJobPayload,
  timeoutMs: 60_000,
  retry: { attempts: 5, backoffMs: 2000 },
  handler: (payload, ctx, deps: DailyTaskPublishDeps) => deps.publish(payload, ctx),
});
