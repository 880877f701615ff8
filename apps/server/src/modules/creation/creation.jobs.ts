import { z } from 'zod';
import { defineJob, type JobContext, type SettledStatus } from '../../jobs/define-job.ts';

/** The job kind of one creation (every workflow; the creation row says which). */
export const CREATION_JOB = 'creation.generate';

/** A job carries only its creation's id: the row holds the input, so there is one truth. */
export const CreationJobPayload = z.object({ creationId: z.uuid() });
export type CreationJobPayload = z.infer<typeof CreationJobPayload>;

/** What the creation feature lends its job at start. */
export interface CreationJobDeps {
  run(payload: CreationJobPayload, ctx: JobContext): Promise<unknown>;
  settled(payload: CreationJobPayload, status: SettledStatus): Promise<void>;
}

/**
 * Makes one creation in the background. Two attempts: an engine that failed once may answer
 * the second time, and a process killed mid-job leaves it to the next one; after the last
 * attempt the creation fails and its hold is voided (creation.service.ts, settle).
 */
export const creationJob = defineJob({
  name: CREATION_JOB,
  payload: CreationJobPayload,
  timeoutMs: 12 * 60_000,
  concurrency: 4,
  retry: { attempts: 2, backoffMs: 1000 },
  handler: (payload, ctx, deps: CreationJobDeps) => deps.run(payload, ctx),
  onSettled: (payload, _job, status, deps) => deps.settled(payload, status),
});
