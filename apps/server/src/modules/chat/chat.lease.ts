import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@starlit/contract';
import { AppError } from '../../platform/errors.ts';
import type { ChatRepository } from './chat.repository.ts';

export interface ReplyLease {
  /** Aborts when the lease lapsed and may be someone else's now. */
  lost: AbortSignal;
  /** Ends the lease so the next message may be sent. */
  release(): Promise<void>;
}

/** How long a reply lease lives without renewal; a dead server's lease lapses after this. */
const LEASE_MS = 30_000;
const RENEW_EVERY_MS = 10_000;

/**
 * Holds the conversation's lease while a reply streams, renewing it so it never lapses
 * mid-reply. `lost` aborts if the lease lapsed anyway (the database was unreachable for
 * the whole lease) and another send may have taken it: one reply at a time holds even then.
 */
export async function takeReplyLease(chat: ChatRepository, conversationId: string): Promise<ReplyLease> {
  const token = randomUUID();
  if (!(await chat.takeLease(conversationId, token, LEASE_MS))) throw new AppError(ErrorCode.CHAT_REPLY_RUNNING);
  const lost = new AbortController();
  let renewing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = chat
      .renewLease(conversationId, token, LEASE_MS)
      .then((held) => {
        if (!held) lost.abort(new Error('the reply lease was lost'));
      })
      .catch(() => undefined);
  }, RENEW_EVERY_MS);
  timer.unref();
  let released = false;
  return {
    lost: lost.signal,
    async release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      // a renewal still on its way must land before the release, or it would take the lease back
      await renewing;
      await chat.releaseLease(conversationId, token);
    },
  };
}
