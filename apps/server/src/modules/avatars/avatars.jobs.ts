import { z } from 'zod';
import { defineJob, type SettledStatus } from '../../jobs/define-job.ts';
import type { JobRow } from '../../jobs/queue.ts';

/** The job kind of a 2D avatar generation. */
export const AVATAR_JOB = 'avatar.2d';

/** What a generation job carries: everything needed to draw and to check who asked. */
export const AvatarJobPayload = z.object({
  agentId: z.uuid(),
  ownerId: z.uuid(),
  name: z.string().min(1),
  description: z.string().min(1),
  style: z.string().min(1),
  /** Storage key of the reference picture, re-encoded like an upload. */
  referenceKey: z.string().optional(),
});
export type AvatarJobPayload = z.infer<typeof AvatarJobPayload>;

/** What a finished generation job stores. */
export interface AvatarJobResult {
  imageUrl: string;
  engine: string;
}

/** What the avatars feature lends its job at start. */
export interface AvatarJobDeps {
  run(payload: AvatarJobPayload, signal: AbortSignal): Promise<AvatarJobResult>;
  settled(payload: AvatarJobPayload, job: JobRow, status: SettledStatus): Promise<void>;
}

/** Draws a 2D avatar in the background; a provider that never answers is given up on after `timeoutMs` and retried. */
export const avatarJob = defineJob({
  name: AVATAR_JOB,
  payload: AvatarJobPayload,
  timeoutMs: 3 * 60_000,
  concurrency: 2,
  handler: (payload, ctx, deps: AvatarJobDeps) => deps.run(payload, ctx.signal),
  onSettled: (payload, job, status, deps) => deps.settled(payload, job, status),
});
