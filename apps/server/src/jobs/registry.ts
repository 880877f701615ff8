import { authSweepJob } from '../modules/auth/auth.jobs.ts';
import { avatarJob } from '../modules/avatars/avatars.jobs.ts';
import { creationJob } from '../modules/creation/creation.jobs.ts';
import { chatMemoriesJob } from '../modules/chat/chat.jobs.ts';
import { dailyTaskJob, dailyTaskPublishJob } from '../modules/daily-tasks/daily-tasks.jobs.ts';
import { livePrepareJob, liveSweepJob, liveTalkJob } from '../modules/live/live.jobs.ts';
import { mediaSweepJob } from '../modules/media/media.jobs.ts';
import { voiceCloneJob } from '../modules/voices/voices.jobs.ts';
import { finishedJobsCleanup } from './cleanup.jobs.ts';
import type { JobSystem } from './job-system.ts';

/**
 * Every kind of background work the app runs. A definition lives beside its module as
 * `<feature>.jobs.ts`; adding one here types its name and payload for `jobs.enqueue`, and
 * the app refuses to start until exactly one module provides the handler's dependencies
 * (under `jobs` in what its setup returns).
 */
export const APP_JOBS = [
  avatarJob,
  creationJob,
  dailyTaskJob,
  dailyTaskPublishJob,
  liveTalkJob,
  livePrepareJob,
  liveSweepJob,
  voiceCloneJob,
  chatMemoriesJob,
  authSweepJob,
  mediaSweepJob,
  finishedJobsCleanup,
] as const;

export type AppJobs = JobSystem<typeof APP_JOBS>;
