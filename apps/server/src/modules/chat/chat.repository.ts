import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agents, chatMessages, conversations } from '../../db/schema/index.ts';
import { afterCursor, type Cursor } from '../../platform/pagination.ts';

export type MessageRow = typeof chatMessages.$inferSelect;
export type NewMessage = Omit<typeof chatMessages.$inferInsert, 'id' | 'createdAt'>;
/** A conversation with what the chat room needs of its agent, deleted agents included (their chats stay readable). */
export type ConversationRow = typeof conversations.$inferSelect & {
  agentNickname: string;
  agentAvatar: string | null;
  roleSetting: string;
  roleIntro: string;
};
export type VisibleAgent = Pick<typeof agents.$inferSelect, 'id' | 'ownerId' | 'nickname' | 'opening' | 'isPublic' | 'publishedAt'>;

const conversationColumns = {
  id: conversations.id,
  userId: conversations.userId,
  agentId: conversations.agentId,
  title: conversations.title,
  createdAt: conversations.createdAt,
  lastActivityAt: conversations.lastActivityAt,
  deletedAt: conversations.deletedAt,
  agentNickname: agents.nickname,
  agentAvatar: agents.avatar,
  roleSetting: agents.roleSetting,
  roleIntro: agents.roleIntro,
};

/** Conversations and their message trees. Deleted conversations are never answered. */
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

    async conversation(id: string): Promise<ConversationRow | null> {
      const [row] = await select().where(and(eq(conversations.id, id), isNull(conversations.deletedAt)));
      return row ?? null;
    },

    async history(userId: string, cursor: Cursor | null, limit: number): Promise<ConversationRow[]> {
      return select()
        .where(and(eq(conversations.userId, userId), isNull(conversations.deletedAt), afterCursor(cursor, conversations.lastActivityAt, conversations.id)))
        .orderBy(desc(conversations.lastActivityAt), desc(conversations.id))
        .limit(limit + 1);
    },

    async messages(conversationId: string): Promise<MessageRow[]> {
      return db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId)).orderBy(asc(chatMessages.createdAt));
    },

    async insertMessage(values: NewMessage): Promise<MessageRow> {
      const [row] = await db.insert(chatMessages).values(values).returning();
      await db.update(conversations).set({ lastActivityAt: row.createdAt }).where(eq(conversations.id, values.conversationId));
      return row;
    },

    async updateMessage(id: string, patch: Pick<MessageRow, 'content' | 'status'>): Promise<void> {
      await db.update(chatMessages).set(patch).where(eq(chatMessages.id, id));
    },
  };
}

export type ChatRepository = ReturnType<typeof chatRepository>;
