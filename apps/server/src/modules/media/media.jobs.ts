import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';

/**
 * Deletes stored files of deleted or replaced things that no row uses any more
 * (platform/storage-sweep.ts), once an hour and at the first start.
 */
export const mediaSweepJob = defineJob({
  name: 'media.sweep',
  payload: z.object({}),
  everyMs: 60 * 60_000,
  timeoutMs: 10 * 60_000,
  retry: { attempts: 1, backoffMs: 0 },
  handler: async (_payload, _ctx, deps: { sweep(): Promise<number> }) => {
    await deps.sweep();
  },
});
