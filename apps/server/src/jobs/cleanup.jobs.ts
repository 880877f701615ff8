import { z } from 'zod';
import { defineJob } from './define-job.ts';

/** Deletes finished jobs once they are older than the retention period (JOB_RETENTION_HOURS), hourly. */
export const finishedJobsCleanup = defineJob({
  name: 'jobs.cleanup',
  payload: z.object({}),
  everyMs: 60 * 60_000,
  timeoutMs: 5 * 60_000,
  retry: { attempts: 1, backoffMs: 0 },
  handler: async (_payload, _ctx, deps: { deleteFinished(): Promise<number> }) => ({ deleted: await deps.deleteFinished() }),
});
