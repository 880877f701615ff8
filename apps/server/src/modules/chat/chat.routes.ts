import { calls } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import { presentConversation, presentDetail } from './chat.presenter.ts';
import type { ChatService } from './chat.service.ts';
import { chatSendRoute } from './chat.send.ts';

export function chatRoutes(app: FastifyInstance, deps: { chat: ChatService; authenticate: Authenticate }) {
  const { chat, authenticate } = deps;
  const c = calls.chat;

  registerCall(app, c.open, authenticate, async ({ user, input }) => presentDetail(await chat.open(user.id, input.agentId)));

  registerCall(app, c.history, authenticate, async ({ user, input }) => {
    const page = await chat.history(user.id, input.cursor, input.limit);
    return { items: page.items.map(presentConversation), nextCursor: page.nextCursor };
  });

  registerCall(app, c.messages, authenticate, async ({ user, input }) => presentDetail(await chat.messages(user.id, input.conversationId)));

  chatSendRoute(app, deps);
}
