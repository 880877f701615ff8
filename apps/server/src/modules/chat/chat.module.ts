import { createChatModel } from '../../ai/chat/index.ts';
import { defineModule } from '../../platform/module.ts';
import { agentsModule } from '../agents/agents.module.ts';
import { identitiesModule } from '../identities/identities.module.ts';
import { CHAT_MEMORIES_JOB, chatMemoriesJob } from './chat.jobs.ts';
import { chatRepository } from './chat.repository.ts';
import { chatRoutes } from './chat.routes.ts';
import { chatService } from './chat.service.ts';

/** Chat: conversations with agents, streamed replies, memories. */
export const chatModule = defineModule({
  name: 'chat',
  async setup(ctx) {
    const { config, database, jobs } = ctx;
    const chat = chatService({
      db: database.db,
      chat: chatRepository(database.db),
      agents: ctx.use(agentsModule),
      identities: ctx.use(identitiesModule),
      model: ctx.chatModel ?? createChatModel(config.chat),
      speech: ctx.speech,
      storage: ctx.storage,
      limiter: ctx.limiter,
      sendsPerMinute: config.chat.sendsPerMinute,
      contextTokens: config.chat.contextTokens,
      summarizeLater: async (job, signal) => {
        const queued = await jobs.enqueue(database.db, CHAT_MEMORIES_JOB, job);
        return jobs.finished(queued.id, chatMemoriesJob.timeoutMs, signal);
      },
    });
    await chat.recover(database.kind === 'pglite');
    return {
      service: chat,
      routes: (app) => chatRoutes(app, { chat, authenticate: ctx.authenticate }),
      jobs: { [CHAT_MEMORIES_JOB]: { remember: (conversationId, agentMessageId, signal) => chat.remember(conversationId, agentMessageId, signal) } },
    };
  },
});
