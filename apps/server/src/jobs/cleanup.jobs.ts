import { defineHourlySweep } from './define-job.ts';

/** Deletes finished jobs once they are older than the retention period (JOB_RETENTION_HOURS). */
export const finishedJobsCleanup = defineHourlySweep('jobs.cleanup', 5 * 60_000);
