import { ErrorCode } from '@starlit/contract';
import type { JobRow } from '../../jobs/queue.ts';
import { authorizeOwner } from '../../platform/policy.ts';
import { AVATAR_JOB, type AvatarJobPayload } from './avatars.repository.ts';

/**
 * Avatars belong to their agent: changing one is changing the agent (agents policy, through
 * the agents service). A generation job is its asker's: a missing job, or a job of another
 * kind, answers AVATAR_JOB_NOT_FOUND, someone else's 403.
 */
export function authorizeAvatarJob(userId: string, job: JobRow | null): JobRow {
  const avatarJob = job?.kind === AVATAR_JOB ? job : null;
  return authorizeOwner(userId, avatarJob, (j) => (j.payload as AvatarJobPayload).ownerId, ErrorCode.AVATAR_JOB_NOT_FOUND);
}
