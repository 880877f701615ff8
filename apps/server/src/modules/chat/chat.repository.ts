import { HOT_HALF_LIFE_HOURS, HOT_WINDOW_DAYS } from '@starlit/contract';
import { and, asc, desc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentVoices, agents, chatIdentities, chatMemories, chatMessages, conversations, voices } from '../../db/schema/index.ts';
import { afterCursor, type Cursor } from '../../platform/pagination.ts';

export type MessageRow = typeof chatMessages.$inferSelect;
export type NewMessage = Omit<typeof chatMessages.$inferInsert, 'id' | 'createdAt'> & { id: string };
export type MemoryRow = typeof chatMemories.$inferSelect;
/** A conversation with what the chat room needs of its agent, deleted agents included (their chats stay readable). */
export type ConversationRow = typeof conversations.$inferSelect & {
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
export interface HotRow {
  agentId: string;
  nickname: string;
  avatar: string | null;
  intro: string;
  heat: number;
  chatters: number;
  lastChatAt: Date | null;
}
export type VisibleAgent = Pick<typeof agents.$inferSelect, 'id' | 'ownerId' | 'nickname' | 'opening' | 'isPublic' | 'publishedAt'>;
export type IdentityRow = Pick<typeof chatIdentities.$inferSelect, 'name' | 'gender' | 'background'>;
export type SpeakingVoice = Pick<typeof agentVoices.$inferSelect, 'voiceId' | 'pitch' | 'volume' | 'speed'> & { engineParams: (typeof voices.$inferSelect)['engineParams'] };

const conversationColumns = {
  id: conversations.id,
  userId: conversations.userId,
  agentId: conversations.agentId,
  title: conversations.title,
  createdAt: conversations.createdAt,
  lastActivityAt: conversations.lastActivityAt,
  deletedAt: conversations.deletedAt,
  leafId: conversations.leafId,
  replyLeaseUntil: conversations.replyLeaseUntil,
  replyLeaseToken: conversations.replyLeaseToken,
  memoryThroughId: conversations.memoryThroughId,
  agentNickname: agents.nickname,
  agentAvatar: agents.avatar,
  roleSetting: agents.roleSetting,
  roleIntro: agents.roleIntro,
  agentOwnerId: agents.ownerId,
  agentIsPublic: agents.isPublic,
  agentPublishedAt: agents.publishedAt,
  agentDeletedAt: agents.deletedAt,
};

// a streaming reply whose conversation holds no live lease was cut off by a dead server
const leaseLapsed = sql`(${conversations.replyLeaseUntil} is null or ${conversations.replyLeaseUntil} < now())`;

/** Conversations, their message trees and memories. Deleted conversations are never answered. */
export function chatRepository(db: Db) {
  const select = () => db.select(conversationColumns).from(conversations).innerJoin(agents, eq(agents.id, conversations.agentId));

  return {
    async agent(id: string): Promise<VisibleAgent | null> {
      const [row] = await db
        .select({ id: agents.id, ownerId: agents.ownerId, nickname: agents.nickname, opening: agents.opening, isPublic: agents.isPublic, publishedAt: agents.publishedAt })
        .from(agents)
        .where(and(eq(agents.id, id), isNull(agents.deletedAt)));
      return row ?? null;
    },

    /** A new conversation and, when the agent has one, its opening line as the first message. */
    async open(userId: string, agent: VisibleAgent): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(conversations).values({ userId, agentId: agent.id, title: agent.nickname }).returning({ id: conversations.id });
        if (agent.opening.trim()) await tx.insert(chatMessages).values({ conversationId: row.id, role: 'agent', content: agent.opening, status: 'complete' });
        return row.id;
      });
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

    async conversation(id: string): Promise<ConversationRow | null> {
      const [row] = await select().where(and(eq(conversations.id, id), isNull(conversations.deletedAt)));
      return row ?? null;
    },

    async history(userId: string, cursor: Cursor | null, limit: number, agentId?: string): Promise<HistoryRow[]> {
      // the last thing said on the shown branch (a reply still empty shows its question); the
      // newest message for conversations whose branch was never chosen
      const preview = sql<string>`coalesce(
        nullif((select m.content from ${chatMessages} m where m.id = ${conversations.leafId}), ''),
        (select p.content from ${chatMessages} m join ${chatMessages} p on p.id = m.parent_id where m.id = ${conversations.leafId}),
        (select m.content from ${chatMessages} m where m.conversation_id = ${conversations.id} and m.content <> '' order by m.created_at desc limit 1),
        '')`;
      return db
        .select({ ...conversationColumns, preview })
        .from(conversations)
        .innerJoin(agents, eq(agents.id, conversations.agentId))
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
    },

    async messages(conversationId: string): Promise<MessageRow[]> {
      return db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId)).orderBy(asc(chatMessages.createdAt));
    },

    async message(id: string): Promise<MessageRow | null> {
      const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
      return row ?? null;
    },

    /**
     * Stores messages of one conversation in one statement (a question and the reply that will
     * answer it), makes the last one's branch the shown one and counts it as activity.
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
      await db.execute(
        sql`update ${chatMessages} set content = v.content from (values ${rows}) as v(id, content) where ${chatMessages.id} = v.id and ${chatMessages.status} = 'streaming'`,
      );
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

    /**
     * Public published agents ranked by heat: each user message of the window weighs
     * 0.5^(age / half-life), so yesterday's crowd counts half of today's. Agents nobody
     * chatted with lately follow, newest first, so a new site still has a list.
     */
    async hot(limit: number): Promise<HotRow[]> {
      const visible = and(eq(agents.isPublic, true), isNull(agents.deletedAt), sql`${agents.publishedAt} is not null`);
      const heat = sql<number>`sum(power(0.5, extract(epoch from (now() - ${chatMessages.createdAt})) / ${HOT_HALF_LIFE_HOURS * 3600}))::float8`;
      const ranked: HotRow[] = await db
        .select({
          agentId: agents.id,
          nickname: agents.nickname,
          avatar: agents.avatar,
          intro: agents.roleIntro,
          heat,
          chatters: sql<number>`count(distinct ${conversations.userId})::int`,
          lastChatAt: sql<Date | null>`max(${chatMessages.createdAt})`.mapWith(conversations.createdAt),
        })
        .from(chatMessages)
        .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
        .innerJoin(agents, eq(agents.id, conversations.agentId))
        .where(and(eq(chatMessages.role, 'user'), sql`${chatMessages.createdAt} > now() - make_interval(days => ${HOT_WINDOW_DAYS})`, visible))
        .groupBy(agents.id)
        .orderBy(desc(heat), asc(agents.id))
        .limit(limit);
      if (ranked.length >= limit) return ranked;
      const quiet = await db
        .select({ agentId: agents.id, nickname: agents.nickname, avatar: agents.avatar, intro: agents.roleIntro })
        .from(agents)
        .where(and(visible, ranked.length > 0 ? notInArray(agents.id, ranked.map((r) => r.agentId)) : undefined))
        .orderBy(desc(agents.publishedAt), asc(agents.id))
        .limit(limit - ranked.length);
      return [...ranked, ...quiet.map((a) => ({ ...a, heat: 0, chatters: 0, lastChatAt: null }))];
    },

    /** The identity the user chats with this agent as: one made for the agent first, else the global one. */
    async identity(userId: string, agentId: string): Promise<IdentityRow | null> {
      const [row] = await db
        .select({ name: chatIdentities.name, gender: chatIdentities.gender, background: chatIdentities.background })
        .from(chatIdentities)
        .where(and(eq(chatIdentities.userId, userId), or(eq(chatIdentities.agentId, agentId), eq(chatIdentities.isGlobal, true))))
        .orderBy(sql`${chatIdentities.agentId} is null`, desc(chatIdentities.updatedAt))
        .limit(1);
      return row ?? null;
    },

    /** The agent's first voice with its slider settings: the one its replies are spoken in. */
    async voice(agentId: string): Promise<SpeakingVoice | null> {
      const [row] = await db
        .select({ voiceId: agentVoices.voiceId, pitch: agentVoices.pitch, volume: agentVoices.volume, speed: agentVoices.speed, engineParams: voices.engineParams })
        .from(agentVoices)
        .innerJoin(voices, eq(voices.id, agentVoices.voiceId))
        .where(eq(agentVoices.agentId, agentId))
        .orderBy(asc(agentVoices.position))
        .limit(1);
      return row ?? null;
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
      const [row] = await db.update(chatMemories).set({ ...patch, updatedAt: new Date() }).where(eq(chatMemories.id, id)).returning();
      return row;
    },

    async deleteMemory(id: string): Promise<void> {
      await db.delete(chatMemories).where(eq(chatMemories.id, id));
    },
  };
}

export type ChatRepository = ReturnType<typeof chatRepository>;
