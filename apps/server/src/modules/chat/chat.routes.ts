import { calls, MEMORY_EVERY_TURNS } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import { presentDetail, presentHistoryItem, presentHot, presentMemory } from './chat.presenter.ts';
import type { ChatService } from './chat.service.ts';
import { chatStreamRoutes } from './chat.send.ts';

export function chatRoutes(app: FastifyInstance, deps: { chat: ChatService; authenticate: Authenticate }) {
  const { chat, authenticate } = deps;
  const c = calls.chat;
  const engine = { name: chat.model.engine, offline: chat.offline };

  registerCall(app, c.open, authenticate, async ({ user, input }) => presentDetail(await chat.open(user.id, input.agentId, input.fresh), engine));

  registerCall(app, c.history, authenticate, async ({ user, input }) => {
    const page = await chat.history(user.id, input.cursor, input.limit, input.agentId);
    return { items: page.items.map(presentHistoryItem), nextCursor: page.nextCursor };
  });

  registerCall(app, c.messages, authenticate, async ({ user, input }) => presentDetail(await chat.messages(user.id, input.conversationId), engine));

  registerCall(app, c.select, authenticate, async ({ user, input }) => ({ leafId: await chat.select(user.id, input.conversationId, input.messageId) }));

  registerCall(app, c.remove, authenticate, async ({ user, input }) => ({ deleted: await chat.remove(user.id, input.conversationIds) }));

  registerCall(app, c.hot, authenticate, async ({ input }) => ({ items: (await chat.hot(input.limit)).map(presentHot) }));

  registerCall(app, c.voice, authenticate, async ({ user, input }) => ({ messageId: input.messageId, ...(await chat.voice(user.id, input.messageId, input.regenerate)) }));

  registerCall(app, c.memories, authenticate, async ({ user, input }) => ({
    items: (await chat.memories(user.id, input.conversationId)).map(presentMemory),
    everyTurns: MEMORY_EVERY_TURNS,
  }));

  registerCall(app, c.memoryAdd, authenticate, async ({ user, input }) => presentMemory(await chat.addMemory(user.id, input.conversationId, input.content, input.pinned)));

  registerCall(app, c.memoryUpdate, authenticate, async ({ user, input }) => presentMemory(await chat.updateMemory(user.id, input.id, { content: input.content, pinned: input.pinned })));

  registerCall(app, c.memoryDelete, authenticate, async ({ user, input }) => {
    await chat.deleteMemory(user.id, input.id);
    return { deleted: true };
  });

  chatStreamRoutes(app, deps);
}
