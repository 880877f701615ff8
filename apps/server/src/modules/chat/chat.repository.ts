import { HOT_HALF_LIFE_HOURS, HOT_WINDOW_DAYS } from '@starlit/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { Handle } from '../../db/client.ts';
import { chatMemories, chatMessages, conversations } from '../../db/schema/index.ts';
import { afterCursor, type Cursor } from '../../platform/pagination.ts';

export type MessageRow = typeof chatMessages.$inferSelect;
export type NewMessage = Omit<typeof chatMessages.$inferInsert, 'id' | 'createdAt'> & { id: string };
export type MemoryRow = typeof chatMemories.$inferSelect;
export type ConversationRecord = typeof conversations.$inferSelect;
/** How warm an agent's chats are lately (see `heat`). */
export interface HeatRow {
  agentId: string;
  heat: number;
  chatters: number;
  lastChatAt: Date | null;
}

/** Where voice takes are stored, a folder per conversation (`chat/<conversation id>/`). */
export const CHAT_VOICES_FOLDER = 'chat/';
export const conversationVoicesFolder = (conversationId: string) => `${CHAT_VOICES_FOLDER}${conversationId}/`;

// a streaming reply whose conversation holds no live lease was cut off by a dead server
const leaseLapsed = sql`(${conversations.replyLeaseUntil} is null or ${conversations.replyLeaseUntil} < now())`;

/**
 * Conversations, their message trees and memories. Deleted conversations are never answered.
 * What a conversation shows of its agent comes from the agents feature (chat.service.ts).
 */
export function chatRepository(db: Handle) {
  return {
    /** A new conversation and, when the agent has one, its opening line as the first message. Two statements: run it in a transaction. */
    async open(userId: string, agent: { id: string; nickname: string; opening: string }): Promise<string> {
      const [row] = await db.insert(conversations).values({ userId, agentId: agent.id, title: agent.nickname }).returning({ id: conversations.id });
      if (agent.opening.trim()) await db.insert(chatMessages).values({ conversationId: row.id, role: 'agent', content: agent.opening, status: 'complete' });
      return row.id;
    },

    async conversation(id: string): Promise<ConversationRecord | null> {
      const [row] = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.id, id), isNull(conversations.deletedAt)));
      return row ?? null;
    },

    /** The user's most recently active conversation with the agent, or null. */
    async latest(userId: string, agentId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.userId, userId), eq(conversations.agentId, agentId), isNull(conversations.deletedAt)))
        .orderBy(desc(conversations.lastActivityAt), desc(conversations.id))
        .limit(1);
      return row?.id ?? null;
    },

    async history(userId: string, cursor: Cursor | null, limit: number, agentId?: string): Promise<Array<ConversationRecord & { preview: string }>> {
      // the last thing said on the shown branch (a reply still empty shows its question); the
      // newest message for conversations whose branch was never chosen. The outer columns are
      // named with their table: a select without joins would leave them bare, and inside these
      // subqueries a bare "id" is the message's
      const outer = (column: string) => sql`${sql.identifier('conversations')}.${sql.identifier(column)}`;
      const preview = sql<string>`coalesce(
        nullif((select m.content from ${chatMessages} m where m.id = ${outer('leaf_id')}), ''),
        (select p.content from ${chatMessages} m join ${chatMessages} p on p.id = m.parent_id where m.id = ${outer('leaf_id')}),
        (select m.content from ${chatMessages} m where m.conversation_id = ${outer('id')} and m.content <> '' order by m.created_at desc limit 1),
        '')`;
      const rows = await db
        .select({ conversation: conversations, preview })
        .from(conversations)
        .where(
          and(
            eq(conversations.userId, userId),
            isNull(conversations.deletedAt),
            agentId ? eq(conversations.agentId, agentId) : undefined,
            afterCursor(cursor, conversations.lastActivityAt, conversations.id),
          ),
        )
        .orderBy(desc(conversations.lastActivityAt), desc(conversations.id))
        .limit(limit + 1);
      return rows.map((r) => ({ ...r.conversation, preview: r.preview }));
    },

    async messages(conversationId: string): Promise<MessageRow[]> {
      return db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId)).orderBy(asc(chatMessages.createdAt));
    },

    async message(id: string): Promise<MessageRow | null> {
      const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
      return row ?? null;
    },

    /**
     * Stores messages of one conversation (a question and the reply that will answer it),
     * makes the last one's branch the shown one and counts it as activity. Two statements:
     * run it in a transaction, so a message is never stored without being shown.
     */
    async insertMessages(conversationId: string, values: NewMessage[]): Promise<MessageRow[]> {
      const rows = await db.insert(chatMessages).values(values).returning();
      const last = rows[rows.length - 1];
      await db.update(conversations).set({ lastActivityAt: last.createdAt, leafId: last.id }).where(eq(conversations.id, conversationId));
      // RETURNING keeps no promised order: put them back in the order given
      return values.map((v) => rows.find((r) => r.id === v.id)!);
    },

    /**
     * Writes the text so far of many streaming replies in one statement. A reply already
     * finished is left alone, so a late batch can never overwrite a final answer.
     */
    async saveStreaming(replies: Array<[id: string, content: string]>): Promise<void> {
      if (replies.length === 0) return;
      const rows = sql.join(
        replies.map(([id, content]) => sql`(${id}::uuid, ${content})`),
        sql`, `,
      );
      await db.execute(sql`update ${chatMessages} set content = v.content from (values ${rows}) as v(id, content) where ${chatMessages.id} = v.id and ${chatMessages.status} = 'streaming'`);
    },

    async updateMessage(id: string, patch: Partial<Pick<MessageRow, 'content' | 'status' | 'suggestions' | 'voice'>>): Promise<void> {
      await db.update(chatMessages).set(patch).where(eq(chatMessages.id, id));
    },

    async setLeaf(conversationId: string, leafId: string): Promise<void> {
      await db.update(conversations).set({ leafId }).where(eq(conversations.id, conversationId));
    },

    /**
     * Takes the conversation's reply lease when nobody holds a live one. One UPDATE decides, so
     * two sends racing on any number of server instances cannot both win.
     */
    async takeLease(conversationId: string, token: string, ms: number): Promise<boolean> {
      const taken = await db
        .update(conversations)
        .set({ replyLeaseUntil: sql`now() + make_interval(secs => ${ms / 1000})`, replyLeaseToken: token })
        .where(and(eq(conversations.id, conversationId), leaseLapsed))
        .returning({ id: conversations.id });
      return taken.length > 0;
    },

    /** Extends the lease this token holds; false when it lapsed and someone else may hold it now. */
    async renewLease(conversationId: string, token: string, ms: number): Promise<boolean> {
      const renewed = await db
        .update(conversations)
        .set({ replyLeaseUntil: sql`now() + make_interval(secs => ${ms / 1000})` })
        .where(and(eq(conversations.id, conversationId), eq(conversations.replyLeaseToken, token)))
        .returning({ id: conversations.id });
      return renewed.length > 0;
    },

    /** Ends every lease: on a database only this process opens (PGlite), their holders died with the last one. */
    async releaseAllLeases(): Promise<void> {
      await db.update(conversations).set({ replyLeaseUntil: null, replyLeaseToken: null }).where(isNotNull(conversations.replyLeaseUntil));
    },

    /** Ends the lease this token holds, and only that one. */
    async releaseLease(conversationId: string, token: string): Promise<void> {
      await db
        .update(conversations)
        .set({ replyLeaseUntil: null, replyLeaseToken: null })
        .where(and(eq(conversations.id, conversationId), eq(conversations.replyLeaseToken, token)));
    },

    /**
     * Moves the memory mark from `expected` to `next` if nobody moved it meanwhile: two replies
     * finishing together cannot both summarize the same turns.
     */
    async claimMemoryThrough(conversationId: string, expected: string | null, next: string | null): Promise<boolean> {
      const claimed = await db
        .update(conversations)
        .set({ memoryThroughId: next })
        .where(and(eq(conversations.id, conversationId), sql`${conversations.memoryThroughId} is not distinct from ${expected}::uuid`))
        .returning({ id: conversations.id });
      return claimed.length > 0;
    },

    /** Marks replies left `streaming` by a server that died as interrupted; answers how many. */
    async markInterrupted(conversationId?: string): Promise<number> {
      const orphaned = db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(leaseLapsed, conversationId ? eq(conversations.id, conversationId) : undefined));
      const rows = await db
        .update(chatMessages)
        .set({ status: 'interrupted' })
        .where(and(eq(chatMessages.status, 'streaming'), inArray(chatMessages.conversationId, orphaned)))
        .returning({ id: chatMessages.id });
      return rows.length;
    },

    async owners(ids: string[]): Promise<{ id: string; userId: string }[]> {
      return db
        .select({ id: conversations.id, userId: conversations.userId })
        .from(conversations)
        .where(and(inArray(conversations.id, ids), isNull(conversations.deletedAt)));
    },

    async softDelete(userId: string, ids: string[]): Promise<number> {
      const rows = await db
        .update(conversations)
        .set({ deletedAt: new Date() })
        .where(and(eq(conversations.userId, userId), inArray(conversations.id, ids), isNull(conversations.deletedAt)))
        .returning({ id: conversations.id });
      return rows.length;
    },

    /** Of these take URLs, those a message of a conversation not deleted still plays. */
    async referencedVoices(urls: string[]): Promise<Set<string>> {
      const rows = await db
        .select({ url: chatMessages.voice })
        .from(chatMessages)
        .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
        .where(and(inArray(chatMessages.voice, urls), isNull(conversations.deletedAt)));
      return new Set(rows.flatMap((r) => (r.url ? [r.url] : [])));
    },

    /**
     * Agents ranked by heat, among those `shown` (a subquery of agent ids): each user message
     * of the window weighs 0.5^(age / half-life), so yesterday's crowd counts half of today's.
     */
    async heat(limit: number, shown: SQLWrapper): Promise<HeatRow[]> {
      const heat = sql<number>`sum(power(0.5, extract(epoch from (now() - ${chatMessages.createdAt})) / ${HOT_HALF_LIFE_HOURS * 3600}))::float8`;
      return db
        .select({
          agentId: conversations.agentId,
          heat,
          chatters: sql<number>`count(distinct ${conversations.userId})::int`,
          lastChatAt: sql<Date | null>`max(${chatMessages.createdAt})`.mapWith(conversations.createdAt),
        })
        .from(chatMessages)
        .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
        .where(and(eq(chatMessages.role, 'user'), sql`${chatMessages.createdAt} > now() - make_interval(days => ${HOT_WINDOW_DAYS})`, inArray(conversations.agentId, shown)))
        .groupBy(conversations.agentId)
        .orderBy(desc(heat), asc(conversations.agentId))
        .limit(limit);
    },

    async memories(conversationId: string): Promise<MemoryRow[]> {
      return db.select().from(chatMemories).where(eq(chatMemories.conversationId, conversationId)).orderBy(desc(chatMemories.pinned), asc(chatMemories.createdAt));
    },

    async memory(id: string): Promise<MemoryRow | null> {
      const [row] = await db.select().from(chatMemories).where(eq(chatMemories.id, id));
      return row ?? null;
    },

    async addMemories(values: (typeof chatMemories.$inferInsert)[]): Promise<MemoryRow[]> {
      if (values.length === 0) return [];
      return db.insert(chatMemories).values(values).returning();
    },

    async updateMemory(id: string, patch: Partial<Pick<MemoryRow, 'content' | 'pinned'>>): Promise<MemoryRow> {
      const [row] = await db
        .update(chatMemories)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(chatMemories.id, id))
        .returning();
      return row;
    },

    async deleteMemory(id: string): Promise<void> {
      await db.delete(chatMemories).where(eq(chatMemories.id, id));
    },
  };
}

export type ChatRepository = ReturnType<typeof chatRepository>;
