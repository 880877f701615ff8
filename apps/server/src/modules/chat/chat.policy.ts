import { ErrorCode } from '@starlit/contract';
import { AppError } from '../../platform/errors.ts';
import { authorizeOwner } from '../../platform/policy.ts';
import { authorizeAgent } from '../agents/agents.policy.ts';
import type { ConversationRecord, MemoryRow } from './chat.repository.ts';

/**
 * A conversation, its messages and memories are its user's alone: a missing one answers its
 * not-found code, someone else's 403. Talking (a new conversation, a send, a voice take)
 * also needs an agent the user may see: the agents policy decides, with its one code.
 */
export const authorizeConversation = <T extends ConversationRecord>(userId: string, conversation: T | null): T =>
  authorizeOwner(userId, conversation, (c) => c.userId, ErrorCode.CHAT_CONVERSATION_NOT_FOUND);

/** The memory if it exists; its conversation's owner is checked with `authorizeConversation`. */
export function foundMemory(memory: MemoryRow | null): MemoryRow {
  if (!memory) throw new AppError(ErrorCode.CHAT_MEMORY_NOT_FOUND);
  return memory;
}

/** Whether the user may still talk with the conversation's agent: not deleted, and theirs or public and published. */
export function authorizeTalk(userId: string, c: { agentOwnerId: string; agentIsPublic: boolean; agentPublishedAt: Date | null; agentDeletedAt: Date | null }): void {
  authorizeAgent(userId, 'see', { ownerId: c.agentOwnerId, isPublic: c.agentIsPublic, publishedAt: c.agentPublishedAt, deletedAt: c.agentDeletedAt });
}
