import { defineHourlySweep } from '../../jobs/define-job.ts';

/** Deletes stored files of deleted or replaced things that no row uses any more (platform/storage-sweep.ts). */
export const mediaSweepJob = defineHourlySweep('media.sweep', 10 * 60_000);
