import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';

export const CHAT_MEMORIES_JOB = 'chat.memories';

export const ChatMemoriesPayload = z.object({ conversationId: z.uuid(), agentMessageId: z.uuid() });
export type ChatMemoriesPayload = z.infer<typeof ChatMemoriesPayload>;

/**
 * After a finished reply, the memory summary of the turns since the last one (chat.service
 * `remember`). A job, so that a client that goes away does not cancel it and a failed summary
 * is tried again; the stream still waits for it before it ends, because the web client reads
 * memories then. Suggestions stay on the stream, where the client receives them.
 */
export const chatMemoriesJob = defineJob({
  name: CHAT_MEMORIES_JOB,
  payload: ChatMemoriesPayload,
  timeoutMs: 2 * 60_000,
  // each reply's stream waits for its job: a few slow summaries must not hold up every other reply's end
  concurrency: 16,
  retry: { attempts: 3, backoffMs: 5_000 },
  dedupeKey: (p) => p.agentMessageId,
  handler: (p, ctx, deps: { remember(conversationId: string, agentMessageId: string, signal: AbortSignal): Promise<void> }) => deps.remember(p.conversationId, p.agentMessageId, ctx.signal),
});
