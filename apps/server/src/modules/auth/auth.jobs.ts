import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';

/** Removes spent sign-in codes and states, and expired sessions, once an hour (and at the first start). */
export const authSweepJob = defineJob({
  name: 'auth.sweep',
  payload: z.object({}),
  everyMs: 60 * 60_000,
  timeoutMs: 5 * 60_000,
  retry: { attempts: 1, backoffMs: 0 },
  handler: async (_payload, _ctx, deps: { sweep(): Promise<unknown> }) => {
    await deps.sweep();
  },
});
