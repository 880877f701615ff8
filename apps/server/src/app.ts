import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createSpeechModel, type SpeechModel } from './ai/speech/index.ts';
import type { ChatModel } from './ai/chat/index.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { jobSystem } from './jobs/job-system.ts';
import { jobsModule } from './jobs/jobs.module.ts';
import { APP_JOBS } from './jobs/registry.ts';
import { agentsModule } from './modules/agents/agents.module.ts';
import { identitiesModule } from './modules/identities/identities.module.ts';
import { apiDocsModule } from './modules/api-docs/api-docs.module.ts';
import { authModule } from './modules/auth/auth.module.ts';
import { avatarsModule } from './modules/avatars/avatars.module.ts';
import { cardsModule } from './modules/cards/cards.module.ts';
import { creationModule } from './modules/creation/creation.module.ts';
import { dailyTasksModule } from './modules/daily-tasks/daily-tasks.module.ts';
import { commentsModule } from './modules/comments/comments.module.ts';
import { chatModule } from './modules/chat/chat.module.ts';
import { checkinModule } from './modules/checkin/checkin.module.ts';
import { giftsModule } from './modules/gifts/gifts.module.ts';
import { ledgerModule } from './modules/ledger/ledger.module.ts';
import { liveModule } from './modules/live/live.module.ts';
import { rechargeModule } from './modules/recharge/recharge.module.ts';
import { exchangeModule } from './modules/exchange/exchange.module.ts';
import { economyAdminModule } from './modules/economy-admin/economy-admin.module.ts';
import { recordsModule } from './modules/records/records.module.ts';
import { redeemModule } from './modules/redeem/redeem.module.ts';
import { storeModule } from './modules/store/store.module.ts';
import { homeModule } from './modules/home/home.module.ts';
import { mediaModule } from './modules/media/media.module.ts';
import { noticesModule } from './modules/notices/notices.module.ts';
import { passportModule } from './modules/passport/passport.module.ts';
import { realtimeModule } from './modules/realtime/realtime.module.ts';
import { socialModule } from './modules/social/social.module.ts';
import { searchModule } from './modules/search/search.module.ts';
import { usersModule } from './modules/users/users.module.ts';
import { voicesModule } from './modules/voices/voices.module.ts';
import { worksModule } from './modules/works/works.module.ts';
import { reportsModule } from './modules/reports/reports.module.ts';
import { moderationModule } from './modules/moderation/moderation.module.ts';
import { memoryBus, redisBus } from './platform/bus.ts';
import { rateLimited } from './platform/errors.ts';
import { sessionCache } from './platform/session-cache.ts';
import { installErrorHandling, installInputBoundary, installJsonParser } from './platform/http.ts';
import { loggerOptions, type LogStream } from './platform/logging.ts';
import { setUpModules, type ServicesOf } from './platform/module.ts';
import { allowedHosts, installHostCheck } from './platform/origin.ts';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './platform/rate-limit.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { localStorage, type Storage } from './platform/storage.ts';
import { s3Storage } from './platform/storage-s3.ts';

/**
 * Every feature module, in the order they are set up and their calls registered. A module may
 * use the services of those above it during setup; a new feature is one line here.
 */
const MODULES = [
  usersModule,
  noticesModule,
  authModule,
  ledgerModule,
  rechargeModule,
  redeemModule,
  exchangeModule,
  storeModule,
  agentsModule,
  recordsModule,
  socialModule,
  giftsModule,
  checkinModule,
  worksModule,
  commentsModule,
  reportsModule,
  moderationModule,
  homeModule,
  voicesModule,
  // after the features whose prices its console edits
  economyAdminModule,
  identitiesModule,
  chatModule,
  cardsModule,
  realtimeModule,
  liveModule,
  passportModule,
  mediaModule,
  avatarsModule,
  creationModule,
  dailyTasksModule,
  searchModule,
  jobsModule,
  apiDocsModule,
] as const;

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
  services: ServicesOf<typeof MODULES>;
  /** Where files live: the bucket of S3_* or the local media folder. */
  storage: Storage;
  close(): Promise<void>;
}

/** Assembles the whole server: database, shared parts, every module, error handling. */
export async function createApp(config: Config, options: AppOptions = {}): Promise<Starlit> {
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.dbDir, prepare: config.databasePrepare }));
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
    leaseMs: config.jobs.leaseMs,
    singleProcess: database.kind === 'pglite',
    onError: (err) => app.log.warn({ err }, 'jobs'),
  });
  const sessions = sessionCache();
  const storage = config.s3 ? s3Storage(config.s3) : localStorage(config.mediaDir);
  const { parts, services } = await setUpModules(MODULES, (use) => ({
    config,
    database,
    jobs,
    bus,
    limiter,
    redis,
    redisPrefix: prefix,
    storage,
    speech: options.speech ?? createSpeechModel(config),
    chatModel: options.chat,
    log: app.log,
    sessions,
    authenticate: (token) => use(authModule).authenticate(token),
  }));
  // before any route exists, so a job left without its dependencies stops the app at once
  jobs.provideAll(parts);
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

  for (const part of parts) await part.routes?.(app);
  for (const { ready } of parts) if (ready) app.addHook('onReady', () => ready());
  // jobs stop before the database closes
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  for (const { close } of parts) if (close) app.addHook('onClose', async () => close());

  return {
    app,
    database,
    services,
    storage,
    async close() {
      await app.close();
      await bus.close();
      redis?.disconnect();
      if (!options.database) await database.close();
    },
  };
}
