import { defineHourlySweep } from '../../jobs/define-job.ts';

/** Removes spent sign-in codes and states, and expired sessions. */
export const authSweepJob = defineHourlySweep('auth.sweep', 5 * 60_000);
