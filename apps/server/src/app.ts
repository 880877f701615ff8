import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { agentCardsRepository } from './modules/agents/agent-cards.repository.ts';
import { jobSystem } from './jobs/job-system.ts';
import { APP_JOBS, type AppJobs } from './jobs/registry.ts';
import { CHAT_MEMORIES_JOB, chatMemoriesJob } from './modules/chat/chat.jobs.ts';
import { agentCardsModule } from './modules/agents/agent-cards.routes.ts';
import { agentsRepository } from './modules/agents/agents.repository.ts';
import { agentsRoutes } from './modules/agents/agents.routes.ts';
import { agentsService } from './modules/agents/agents.service.ts';
import { identitiesRepository } from './modules/agents/identities.repository.ts';
import { identitiesRoutes } from './modules/agents/identities.routes.ts';
import { identitiesService } from './modules/agents/identities.service.ts';
import { apiDocsRoutes } from './modules/api-docs/api-docs.routes.ts';
import { authRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { authService } from './modules/auth/auth.service.ts';
import { avatarsModule } from './modules/avatars/avatars.routes.ts';
import { openIdProvider } from './modules/auth/oidc.ts';
import { homeRepository } from './modules/home/home.repository.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { homeService } from './modules/home/home.service.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { noticesRepository } from './modules/notices/notices.repository.ts';
import { noticesRoutes } from './modules/notices/notices.routes.ts';
import { noticesService } from './modules/notices/notices.service.ts';
import { passportRoutes } from './modules/passport/passport.routes.ts';
import { realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { usersRepository } from './modules/users/users.repository.ts';
import { voicesRoutes } from './modules/voices/voices.routes.ts';
import { memoryBackoff, redisBackoff } from './platform/backoff.ts';
import { memoryBus, redisBus, type Bus } from './platform/bus.ts';
import { rateLimited } from './platform/errors.ts';
import { installErrorHandling, installInputBoundary, installJsonParser } from './platform/http.ts';
import { loggerOptions, type LogStream } from './platform/logging.ts';
import { allowedHosts, installHostCheck } from './platform/origin.ts';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './platform/rate-limit.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { welcomeNotice } from './modules/notices/welcome.ts';
import { seedSkills } from './seed/skills.ts';
import { createSpeechModel, type SpeechModel } from './ai/speech/index.ts';
import { createChatModel, type ChatModel } from './ai/chat/index.ts';
import { chatRepository } from './modules/chat/chat.repository.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { chatService } from './modules/chat/chat.service.ts';
import { serverSecret } from './platform/secret.ts';
import { localStorage } from './platform/storage.ts';
import { sweepOrphans } from './platform/storage-sweep.ts';
import { mediaOwners } from './modules/media/media-owners.ts';
import { avatarsRepository } from './modules/avatars/avatars.repository.ts';
import { voicesRepository } from './modules/voices/voices.repository.ts';

export interface AppOptions {
  /** An already opened database (tests); otherwise one is opened from the config. */
  database?: Database;
  /** Prefix for shared Redis keys, so parallel test runs never share counters. */
  redisPrefix?: string;
  /** A speech engine (tests); otherwise the one the config describes. */
  speech?: SpeechModel;
  /** A chat model (tests); otherwise the one the config describes. */
  chat?: ChatModel;
  /** Where log lines go instead of stdout (tests). */
  logStream?: LogStream;
}

export interface Starlit {
  app: FastifyInstance;
  database: Database;
  services: ReturnType<typeof buildServices>;
  close(): Promise<void>;
}

function buildServices(config: Config, database: Database, jobs: AppJobs, bus: Bus, limiter: RateLimiter, speech: SpeechModel | undefined, chatModel: ChatModel | undefined) {
  const users = usersRepository(database.db);
  const notices = noticesService({ notices: noticesRepository(database.db), users, bus });
  const auth = authService({
    auth: authRepository(database.db),
    users,
    sessionTtlMs: config.sessionTtlMs,
    adminUsers: config.adminUsers,
    external: config.oidc ? openIdProvider(config.oidc) : null,
    onUserCreated: (user, lang) => welcomeNotice(notices, user, lang),
  });
  const storage = localStorage(config.mediaDir);
  const speaking = speech ?? createSpeechModel(config);
  const agents = agentsService({ db: database.db, storage, speech: speaking });
  const home = homeService({ home: homeRepository(database.db), agents });
  const owners = mediaOwners({
    storage,
    agents: agentsRepository(database.db),
    cards: agentCardsRepository(database.db),
    avatars: avatarsRepository(database.db),
    voices: voicesRepository(database.db),
  });
  /** Deletes stored files no row uses any more (the periodic sweep of main.ts). */
  const sweepMedia = () => sweepOrphans(storage, owners);
  const identities = identitiesService({ identities: identitiesRepository(database.db), agents });
  const chat = chatService({
    db: database.db,
    chat: chatRepository(database.db),
    agents,
    identities,
    model: chatModel ?? createChatModel(config.chat),
    speech: speaking,
    storage,
    limiter,
    sendsPerMinute: config.chat.sendsPerMinute,
    contextTokens: config.chat.contextTokens,
    summarizeLater: async (job, signal) => {
      const queued = await jobs.enqueue(database.db, CHAT_MEMORIES_JOB, job);
      return jobs.finished(queued.id, chatMemoriesJob.timeoutMs, signal);
    },
  });
  return { users, notices, auth, home, agents, identities, chat, sweepMedia };
}

/** Assembles the whole server: database, services, routes, error handling. */
export async function createApp(config: Config, options: AppOptions = {}): Promise<Starlit> {
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.dbDir }));
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel, options.logStream),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
  });
  const prefix = options.redisPrefix ?? 'starlit';
  const redisTrouble = (err: unknown) => app.log.warn({ err }, 'redis is unavailable');
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 3 }).on('error', redisTrouble) : null;
  const bus = config.redisUrl ? redisBus(config.redisUrl, `${prefix}:bus`, redisTrouble) : memoryBus();
  const limiter: RateLimiter = redis ? redisRateLimiter(redis, `${prefix}:rl:`) : memoryRateLimiter();
  const jobs = jobSystem(database.db, APP_JOBS, {
    defaultRetry: { attempts: config.jobs.maxAttempts, backoffMs: config.jobs.retryBaseMs },
    retentionMs: config.jobs.retentionMs,
    singleProcess: database.kind === 'pglite',
    onError: (err) => app.log.warn({ err }, 'jobs'),
  });
  const services = buildServices(config, database, jobs, bus, limiter, options.speech, options.chat);
  jobs.provide('auth.sweep', { sweep: () => services.auth.sweep() });
  jobs.provide('media.sweep', { sweep: () => services.sweepMedia() });
  jobs.provide('chat.memories', { remember: (conversationId, agentMessageId, signal) => services.chat.remember(conversationId, agentMessageId, signal) });
  jobs.provide('jobs.cleanup', { deleteFinished: () => jobs.deleteFinished() });
  await services.users.promoteByNames(config.adminUsers);
  await seedSkills(database.db);
  await services.chat.recover(database.kind === 'pglite');
  installJsonParser(app);
  installErrorHandling(app);
  installInputBoundary(app);
  installSecurityHeaders(app);
  installHostCheck(app, allowedHosts(config.publicUrl, config.allowedHosts));
  await app.register(cookie);
  await app.register(formbody);

  // One budget per client address across every API call.
  app.addHook('onRequest', async (req) => {
    if (req.method !== 'POST' || !(req.url.startsWith('/ai/api/') || req.url.startsWith('/api/'))) return;
    const { allowed } = await limiter.hit(`api:${req.ip}`, config.rateLimitPerMinute, 60_000);
    if (!allowed) throw rateLimited();
  });

  const authenticate = services.auth.authenticate;
  // starting a sign-in is cheap for a person and leaves a row behind, so a few per attempt
  authRoutes(app, { auth: services.auth, users: services.users, authenticate, publicUrl: config.publicUrl, limiter, startsPer15Min: config.signinAttemptsPer15Min * 6 });
  noticesRoutes(app, { notices: services.notices, authenticate });
  homeRoutes(app, { home: services.home, authenticate });
  voicesRoutes(app, { config, db: database.db, jobs, authenticate, speech: options.speech, voiceInUse: services.agents.voiceInUse });
  agentsRoutes(app, { agents: services.agents, authenticate });
  identitiesRoutes(app, { identities: services.identities, authenticate });
  chatRoutes(app, { chat: services.chat, authenticate });
  await app.register(agentCardsModule, { db: database.db, storage: localStorage(config.mediaDir), agents: services.agents, authenticate });
  realtimeRoutes(app, { bus, authenticate });
  passportRoutes(app, {
    auth: services.auth,
    limiter,
    backoff: redis ? redisBackoff(redis, `${prefix}:bo:`) : memoryBackoff(),
    secret: await serverSecret(config),
    publicUrl: config.publicUrl,
    attemptsPer15Min: config.signinAttemptsPer15Min,
  });
  mediaRoutes(app, { mediaDir: config.mediaDir });
  await app.register(avatarsModule, { config, database, jobs, bus, authenticate, agents: services.agents });
  await apiDocsRoutes(app);
  // every module has provided its jobs' dependencies by now; jobs stop before the database closes
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());

  return {
    app,
    database,
    services,
    async close() {
      await app.close();
      await bus.close();
      redis?.disconnect();
      if (!options.database) await database.close();
    },
  };
}
