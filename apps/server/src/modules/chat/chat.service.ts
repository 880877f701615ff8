import { randomUUID } from 'node:crypto';
import { CHAT_MESSAGE_MAX, ErrorCode, chatLength } from '@starlit/contract';
import { branchTo, leafFrom, shownBranch } from '@starlit/contract/rules';
import { withTx, type Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { decodeCursor, toPage } from '../../platform/pagination.ts';
import { authorizeOwnerOfAll } from '../../platform/policy.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { Storage } from '../../platform/storage.ts';
import { OFFLINE_CHAT_ENGINE, type ChatMessage, type ChatModel } from '../../ai/chat/index.ts';
import type { SpeechModel } from '../../ai/speech/index.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import type { IdentitiesService } from '../identities/identities.service.ts';
import { authorizeConversation, authorizeTalk, foundMemory } from './chat.policy.ts';
import { buildPrompt, treeOrder } from './chat.prompt.ts';
import type { ChatMemoriesPayload } from './chat.jobs.ts';
import { type ReplyLease, takeReplyLease } from './chat.lease.ts';
import { chatRemember, personaOf, turnsOf } from './chat.remember.ts';
import { suggestReplies } from './chat.suggestions.ts';
import { chatRepository, conversationVoicesFolder, type ChatRepository, type ConversationRecord, type HeatRow, type MemoryRow, type MessageRow, type NewMessage } from './chat.repository.ts';

/** A conversation with what the chat room needs of its agent, deleted agents included (their chats stay readable). */
export type ConversationRow = ConversationRecord & {
  agentNickname: string;
  agentAvatar: string | null;
  roleSetting: string;
  roleIntro: string;
  agentOwnerId: string;
  agentIsPublic: boolean;
  agentPublishedAt: Date | null;
  agentDeletedAt: Date | null;
};
export type HistoryRow = ConversationRow & { preview: string };
export type HotRow = HeatRow & { nickname: string; avatar: string | null; intro: string };

/** What chat reads of the agents feature, which owns agents, their voices and who may see them. */
export type ChatAgents = Pick<AgentsService, 'visible' | 'withDeleted' | 'speakingVoice' | 'publicIds' | 'newestPublic'>;

export interface ConversationDetail {
  conversation: ConversationRow;
  messages: MessageRow[];
  leafId: string | null;
  agentHasVoice: boolean;
}

/** What a streaming route asks for: a reply to a new user message, or another version of an agent message. */
export type ReplyRequest = { kind: 'send'; conversationId: string; content: string; parentId?: string | null } | { kind: 'regenerate'; conversationId: string; messageId: string };

/** A reply about to stream: the stored messages, the prompt, and the lease on the conversation. */
export interface PendingReply {
  conversation: ConversationRow;
  /** The user's message, stored before generation starts; null for a regeneration. */
  userMessage: MessageRow | null;
  agentMessage: MessageRow;
  /** The branch the reply answers, root first (ends with the user's message). */
  branch: MessageRow[];
  prompt: ChatMessage[];
  /** The agent's own texts, which the offline engine answers from. */
  persona: string;
  /** The conversation's lease: release it once the reply is stored; stop the reply if it is lost. */
  lease: ReplyLease;
}

export function chatService(deps: {
  db: Db;
  chat: ChatRepository;
  agents: ChatAgents;
  identities: Pick<IdentitiesService, 'forChat'>;
  model: ChatModel;
  speech: SpeechModel;
  storage: Storage;
  limiter: RateLimiter;
  sendsPerMinute: number;
  contextTokens: number;
  /** Queues the memory summary after a reply (chat.jobs.ts) and waits for it, unless `signal` aborts. */
  summarizeLater: (job: ChatMemoriesPayload, signal?: AbortSignal) => Promise<unknown>;
}) {
  const { chat, model } = deps;

  /** Conversations with their agents' facts, asked of the agents feature in one read. */
  async function withAgents<T extends ConversationRecord>(rows: T[]): Promise<Array<T & Omit<ConversationRow, keyof ConversationRecord>>> {
    const found = new Map((await deps.agents.withDeleted([...new Set(rows.map((r) => r.agentId))])).map((a) => [a.id, a]));
    return rows.flatMap((row) => {
      const a = found.get(row.agentId);
      if (!a) return [];
      const agent = { agentNickname: a.nickname, agentAvatar: a.avatar, roleSetting: a.roleSetting, roleIntro: a.roleIntro };
      return [{ ...row, ...agent, agentOwnerId: a.ownerId, agentIsPublic: a.isPublic, agentPublishedAt: a.publishedAt, agentDeletedAt: a.deletedAt }];
    });
  }

  async function owned(userId: string, conversationId: string): Promise<ConversationRow> {
    const conversation = authorizeConversation(userId, await chat.conversation(conversationId));
    const [row] = await withAgents([conversation]);
    return row;
  }

  async function detail(conversation: ConversationRow): Promise<ConversationDetail> {
    let rows = await chat.messages(conversation.id);
    // a reply still `streaming` with nobody holding the lease was cut off by a server that died
    if (rows.some((r) => r.status === 'streaming') && (await chat.markInterrupted(conversation.id)) > 0) rows = await chat.messages(conversation.id);
    const messages = treeOrder(rows);
    const shown = shownBranch(messages, conversation.leafId);
    return { conversation, messages, leafId: shown.at(-1)?.id ?? null, agentHasVoice: Boolean((await deps.agents.speakingVoice(conversation.agentId))?.engineParams) };
  }

  async function ownedMemory(userId: string, id: string): Promise<MemoryRow> {
    const memory = foundMemory(await chat.memory(id));
    authorizeConversation(userId, await chat.conversation(memory.conversationId));
    return memory;
  }

  return {
    model,
    offline: model.engine === OFFLINE_CHAT_ENGINE,

    /**
     * At start: replies cut off when a server stopped are interrupted, not lost. On a database
     * only this process opens (PGlite) every lease belonged to the dead process, so they all
     * end now; on PostgreSQL another instance may be replying, so only lapsed leases count.
     */
    async recover(onlyProcess: boolean): Promise<number> {
      if (onlyProcess) await chat.releaseAllLeases();
      return chat.markInterrupted();
    },

    /** Resumes the latest conversation with the agent, or starts one when there is none or `fresh` asks for it. */
    async open(userId: string, agentId: string, fresh = false): Promise<ConversationDetail> {
      const agent = await deps.agents.visible(userId, agentId);
      const id = (fresh ? null : await chat.latest(userId, agent.id)) ?? (await withTx(deps.db, undefined, (tx) => chatRepository(tx).open(userId, agent)));
      return detail(await owned(userId, id));
    },

    async history(userId: string, cursor: string | undefined, limit: number, agentId?: string) {
      const rows: HistoryRow[] = await withAgents(await chat.history(userId, decodeCursor(cursor), limit, agentId));
      return toPage(rows, limit, (r) => ({ at: r.lastActivityAt, id: r.id }));
    },

    async messages(userId: string, conversationId: string): Promise<ConversationDetail> {
      return detail(await owned(userId, conversationId));
    },

    /** Shows the branch through a message: down the newest replies below it. */
    async select(userId: string, conversationId: string, messageId: string): Promise<string> {
      await owned(userId, conversationId);
      const rows = treeOrder(await chat.messages(conversationId));
      if (!rows.some((r) => r.id === messageId)) throw new AppError(ErrorCode.CHAT_MESSAGE_NOT_FOUND);
      const leafId = leafFrom(rows, messageId);
      await chat.setLeaf(conversationId, leafId);
      return leafId;
    },

    /** Deletes the caller's conversations, all of them or none: 403 when any is someone else's. */
    async remove(userId: string, ids: string[]): Promise<number> {
      const unique = [...new Set(ids)];
      const deleted = await withTx(deps.db, undefined, async (tx) => {
        const repo = chatRepository(tx);
        const found = (await repo.owners(unique)).map((c) => ({ id: c.id, ownerId: c.userId }));
        authorizeOwnerOfAll(userId, unique, found, ErrorCode.CHAT_CONVERSATION_NOT_FOUND);
        return repo.softDelete(userId, unique);
      });
      // the voice takes go once the rows are, so a rolled-back delete keeps what it played;
      // takes a crash leaves behind are swept as orphans (media-owners.ts)
      for (const id of unique) {
        for await (const take of deps.storage.list(conversationVoicesFolder(id))) await deps.storage.delete(take.key);
      }
      return deleted;
    },

    /**
     * Public published agents ranked by heat; agents nobody chatted with lately follow,
     * newest first, so a new site still has a list.
     */
    async hot(limit: number): Promise<HotRow[]> {
      const ranked = await chat.heat(limit, deps.agents.publicIds());
      const found = new Map((await deps.agents.withDeleted(ranked.map((r) => r.agentId))).map((a) => [a.id, a]));
      const hot = ranked.flatMap((r) => {
        const a = found.get(r.agentId);
        return a ? [{ ...r, nickname: a.nickname, avatar: a.avatar, intro: a.roleIntro }] : [];
      });
      if (hot.length >= limit) return hot;
      const quiet = await deps.agents.newestPublic(
        limit - hot.length,
        ranked.map((r) => r.agentId),
      );
      return [...hot, ...quiet.map((a) => ({ agentId: a.id, nickname: a.nickname, avatar: a.avatar, intro: a.roleIntro, heat: 0, chatters: 0, lastChatAt: null }))];
    },

    /**
     * Checks the send, takes the conversation's lease, stores the user's message and an empty
     * streaming reply, and builds the prompt. Nothing is stored when a check fails.
     */
    async prepareReply(userId: string, original: ReplyRequest): Promise<PendingReply> {
      const request = original.kind === 'send' ? { ...original, content: original.content.trim() } : original;
      if (request.kind === 'send' && !request.content) throw new AppError(ErrorCode.VALIDATION);
      if (request.kind === 'send' && chatLength(request.content) > CHAT_MESSAGE_MAX) throw new AppError(ErrorCode.CHAT_MESSAGE_TOO_LONG);
      const conversation = await owned(userId, request.conversationId);
      // the conversation stays readable, but an agent made private or deleted answers no more
      authorizeTalk(userId, conversation);
      // a reply left streaming under a lapsed lease was cut off: interrupted before the lease changes hands
      await chat.markInterrupted(conversation.id);
      const held = await takeReplyLease(chat, conversation.id);
      try {
        // the reads do not depend on each other: on PostgreSQL they run side by side
        const [stored, memories, identity] = await Promise.all([chat.messages(conversation.id), chat.memories(conversation.id), deps.identities.forChat(userId, conversation.agentId)]);
        const rows = treeOrder(stored);
        const reply: NewMessage = { id: randomUUID(), conversationId: conversation.id, parentId: null, role: 'agent', content: '', status: 'streaming', engine: model.engine };
        let question: NewMessage | null = null;
        if (request.kind === 'send') {
          let parentId: string | null;
          if (request.parentId === undefined) parentId = shownBranch(rows, conversation.leafId).at(-1)?.id ?? null;
          else if (request.parentId === null || rows.some((r) => r.id === request.parentId)) parentId = request.parentId;
          else throw new AppError(ErrorCode.CHAT_PARENT_NOT_FOUND);
          question = { id: randomUUID(), conversationId: conversation.id, parentId, role: 'user', content: request.content.trim(), status: 'complete' };
          reply.parentId = question.id;
        } else {
          const target = rows.find((r) => r.id === request.messageId);
          if (target?.role !== 'agent') throw new AppError(ErrorCode.CHAT_MESSAGE_NOT_FOUND);
          if (!target.parentId) throw new AppError(ErrorCode.CHAT_OPENING_FIXED);
          reply.parentId = target.parentId;
        }
        // counted only once the request is otherwise good, so a refused send costs nothing;
        // regenerations cost as much as sends, so they share the budget
        const { allowed } = await deps.limiter.hit(`chat:${userId}`, deps.sendsPerMinute, 60_000);
        if (!allowed) throw new AppError(ErrorCode.CHAT_RATE_LIMITED, 429);
        const inserted = await withTx(deps.db, undefined, (tx) => chatRepository(tx).insertMessages(conversation.id, question ? [question, reply] : [reply]));
        const userMessage = question ? inserted[0] : null;
        const agentMessage = inserted[inserted.length - 1];
        const branch = branchTo(userMessage ? [...rows, userMessage] : rows, reply.parentId);
        const prompt = buildPrompt({
          agent: { nickname: conversation.agentNickname, roleSetting: conversation.roleSetting, roleIntro: conversation.roleIntro },
          identity,
          memories: memories.filter((m) => m.pinned).map((m) => m.content),
          branch,
          contextTokens: deps.contextTokens,
        });
        return { conversation, userMessage, agentMessage, branch, prompt, persona: personaOf(conversation), lease: held };
      } catch (err) {
        await held.release();
        throw err;
      }
    },

    finishReply(messageId: string, content: string, status: MessageRow['status']): Promise<void> {
      return chat.updateMessage(messageId, { content, status });
    },

    /** Saves the text so far of replies still streaming, all in one write. */
    saveStreaming: (replies: Array<[id: string, content: string]>) => chat.saveStreaming(replies),

    /**
     * After a finished reply: up to three suggested next messages (stored with the reply), and
     * the memory summary as a job (`remember`), waited for so that the stream still ends once
     * memories are stored (the client reads them then). Neither can fail the reply: suggestions
     * fall back to the offline way.
     */
    async afterReply(pending: PendingReply, reply: string, signal?: AbortSignal): Promise<string[]> {
      const branch = [...pending.branch, { ...pending.agentMessage, content: reply }];
      const suggest = async () => {
        const suggestions = await suggestReplies(model, { persona: pending.persona, turns: turnsOf(branch) }, signal);
        await chat.updateMessage(pending.agentMessage.id, { suggestions });
        return suggestions;
      };
      // a memory that could not be queued must not cost the suggestions, nor the other way round
      const [suggestions, queued] = await Promise.allSettled([suggest(), deps.summarizeLater({ conversationId: pending.conversation.id, agentMessageId: pending.agentMessage.id }, signal)]);
      if (queued.status === 'rejected') throw queued.reason;
      if (suggestions.status === 'rejected') throw suggestions.reason;
      return suggestions.value;
    },

    /** The memory job's work (chat.remember.ts). */
    remember: chatRemember({
      chat,
      model,
      conversation: async (id) => {
        const record = await chat.conversation(id);
        return record ? (await withAgents([record]))[0] : undefined;
      },
    }),

    /** Speaks an agent message with the agent's first voice; the audio is kept for replays. */
    async voice(userId: string, messageId: string, regenerate: boolean, signal?: AbortSignal): Promise<{ voice: string; engine: string }> {
      const message = await chat.message(messageId);
      if (!message) throw new AppError(ErrorCode.CHAT_MESSAGE_NOT_FOUND);
      const conversation = await owned(userId, message.conversationId);
      if (message.role !== 'agent' || !message.content.trim()) throw new AppError(ErrorCode.CHAT_MESSAGE_NOT_FOUND);
      if (message.voice && !regenerate) return { voice: message.voice, engine: deps.speech.engine };
      authorizeTalk(userId, conversation);
      const voice = await deps.agents.speakingVoice(conversation.agentId);
      // a cloned voice still being made has no engine parameters yet
      if (!voice?.engineParams) throw new AppError(ErrorCode.CHAT_NO_VOICE);
      if (!(await deps.speech.available())) throw new AppError(ErrorCode.AGENT_SPEECH_UNAVAILABLE);
      try {
        const spoken = await deps.speech.synthesize(
          message.content,
          { voiceId: voice.voiceId, engineParams: voice.engineParams, settings: { pitch: voice.pitch, volume: voice.volume, speed: voice.speed } },
          signal,
        );
        const extension = spoken.contentType === 'audio/mpeg' ? 'mp3' : 'wav';
        // a new name for every take, so a regenerated voice is never served from a stale cache
        const url = await deps.storage.put(`${conversationVoicesFolder(conversation.id)}${message.id}-${Date.now()}.${extension}`, spoken.audio, spoken.contentType);
        await chat.updateMessage(message.id, { voice: url });
        return { voice: url, engine: spoken.engine };
      } catch {
        throw new AppError(ErrorCode.CHAT_VOICE_FAILED);
      }
    },

    async memories(userId: string, conversationId: string): Promise<MemoryRow[]> {
      await owned(userId, conversationId);
      return chat.memories(conversationId);
    },

    async addMemory(userId: string, conversationId: string, written: string, pinned: boolean): Promise<MemoryRow> {
      const content = written.trim();
      if (!content) throw new AppError(ErrorCode.VALIDATION);
      await owned(userId, conversationId);
      const [row] = await chat.addMemories([{ conversationId, content, pinned, source: 'user' }]);
      return row;
    },

    async updateMemory(userId: string, id: string, patch: { content?: string; pinned?: boolean }): Promise<MemoryRow> {
      const content = patch.content === undefined ? undefined : patch.content.trim();
      if (content === '') throw new AppError(ErrorCode.VALIDATION);
      await ownedMemory(userId, id);
      return chat.updateMemory(id, { content, pinned: patch.pinned });
    },

    async deleteMemory(userId: string, id: string): Promise<void> {
      await ownedMemory(userId, id);
      await chat.deleteMemory(id);
    },
  };
}

export type ChatService = ReturnType<typeof chatService>;
