import path from 'node:path';
import { z } from 'zod';
import { isValidKey } from './platform/storage.ts';
import type { S3Options } from './platform/storage-s3.ts';

const flag = z.enum(['0', '1', 'true', 'false', 'yes', 'no', '']).transform((v) => v === '1' || v === 'true' || v === 'yes');

/** Every environment variable the server reads, with its default (README lists them). */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  SEED_DEMO: flag.default(true),
  // named prepared statements; off behind a pooler in transaction mode that cannot keep them
  DATABASE_PREPARE: flag.default(true),
  ADMIN_USERS: z.string().default(''),
  PUBLIC_URL: z.string().url().optional(),
  ALLOWED_HOSTS: z.string().default(''),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  // recharge through Stripe Checkout; without a key the offline demo provider takes recharges (no money moves)
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  // another address for Stripe's API (a test server speaking its protocol)
  STRIPE_API_URL: z.string().url().optional(),
  SECRET_KEY: z.string().min(32).optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 30),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  SIGNIN_ATTEMPTS_PER_15_MIN: z.coerce.number().int().min(1).default(10),
  TRUST_PROXY: flag.default(false),
  WEB_DIST: z.string().optional(),
  IMAGE_PROVIDER: z.enum(['offline', 'openai', 'automatic1111']).optional(),
  IMAGE_BASE_URL: z.string().url().optional(),
  IMAGE_API_KEY: z.string().optional(),
  IMAGE_MODEL: z.string().optional(),
  // text2Music on Replicate's predictions API; without both, the offline composer plays
  REPLICATE_API_TOKEN: z.string().optional(),
  REPLICATE_MUSIC_MODEL: z
    .string()
    .regex(/^(?:[\w.-]+\/[\w.-]+(?::[0-9a-f]{64})?|[0-9a-f]{64})$/, 'must be owner/name, owner/name:version or a 64-hex version id')
    .optional(),
  REPLICATE_API_URL: z.string().url().default('https://api.replicate.com'),
  // music2Dance through an HTTP motion-generation service (docs/creation.md); unset, the offline choreographer dances
  DANCE_SERVICE_URL: z.string().url().optional(),
  DANCE_SERVICE_KEY: z.string().optional(),
  // text_to_song's vocal through a singing-capable HTTP service (docs/daily-tasks.md); unset, eSpeak NG sings offline
  SINGER_URL: z.string().url().optional(),
  SINGER_KEY: z.string().optional(),
  // a pause in every creation job before it draws, in five steps of progress: for demos and the e2e reload test
  // well under the job's timeout, so a demo pause never fails a creation
  CREATION_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  JOB_RETRY_BASE_MS: z.coerce.number().int().min(1).default(5000),
  JOB_RETENTION_HOURS: z.coerce.number().min(0).default(168),
  // a running job's lease: its worker refreshes it every third of it, and one older is a dead process's
  JOB_LEASE_MS: z.coerce.number().int().min(5000).default(60_000),
  SPEECH_BASE_URL: z.string().url().optional(),
  SPEECH_API_KEY: z.string().optional(),
  SPEECH_MODEL: z.string().min(1).default('tts-1'),
  VOICE_CLONE_URL: z.string().url().optional(),
  VOICE_CLONE_API_KEY: z.string().optional(),
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_CONTEXT_TOKENS: z.coerce.number().int().min(1024).default(8192),
  CHAT_SENDS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  OFFLINE_CHAT_TOKEN_MS: z.coerce.number().int().min(0).max(2000).default(0),
  // per user and minute (docs/comments.md)
  COMMENTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  COMMENT_LIKES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  // S3 bucket names (and R2's, MinIO's): 3 to 63 lower-case letters, digits, dots and hyphens
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens')
    .optional(),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/]/, 'must be an http:// or https:// address')
    .pipe(z.string().url())
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  S3_PREFIX: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = ReturnType<typeof loadConfig>;

/** Parses the environment once; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  // npm -w runs scripts inside apps/server; INIT_CWD is where the user ran npm, so
  // `npm start` and `npm run admin` from the repo root share one ./data folder.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  if (e.IMAGE_PROVIDER && e.IMAGE_PROVIDER !== 'offline' && !e.IMAGE_BASE_URL) {
    throw new Error(`Invalid environment:\n  IMAGE_PROVIDER=${e.IMAGE_PROVIDER} needs IMAGE_BASE_URL`);
  }
  if (e.REPLICATE_MUSIC_MODEL && !e.REPLICATE_API_TOKEN) {
    // the model alone would silently fall back to the offline composer
    throw new Error('Invalid environment:\n  REPLICATE_MUSIC_MODEL needs REPLICATE_API_TOKEN');
  }
  if (e.DANCE_SERVICE_KEY && !e.DANCE_SERVICE_URL) {
    // the key alone would silently fall back to the offline choreographer
    throw new Error('Invalid environment:\n  DANCE_SERVICE_KEY needs DANCE_SERVICE_URL');
  }
  if (e.SINGER_KEY && !e.SINGER_URL) {
    // the key alone would silently fall back to the offline singer
    throw new Error('Invalid environment:\n  SINGER_KEY needs SINGER_URL');
  }
  if (Boolean(e.OIDC_ISSUER) !== Boolean(e.OIDC_CLIENT_ID)) {
    // half a configuration would silently fall back to the built-in sign-in
    throw new Error('Invalid environment:\n  OIDC_ISSUER and OIDC_CLIENT_ID must be set together');
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    // a key without its webhook secret would take money and never credit it
    throw new Error('Invalid environment:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together');
  }
  const stripe = e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL ?? null } : null;
  const s3 = s3Options(e);
  const oidc = e.OIDC_ISSUER && e.OIDC_CLIENT_ID ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET ?? '' } : null;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    dbDir: path.join(dataDir, 'db'),
    mediaDir: path.join(dataDir, 'media'),
    // with S3_BUCKET files live in that bucket instead of mediaDir (platform/storage-s3.ts)
    s3,
    databaseUrl: e.DATABASE_URL ?? null,
    databasePrepare: e.DATABASE_PREPARE,
    redisUrl: e.REDIS_URL ?? null,
    seedDemo: e.SEED_DEMO,
    adminUsers: e.ADMIN_USERS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    publicUrl: e.PUBLIC_URL ?? null,
    // host names answered besides PUBLIC_URL's and localhost's (platform/origin.ts)
    allowedHosts: e.ALLOWED_HOSTS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    oidc,
    stripe,
    // without SECRET_KEY the server keeps a generated key in DATA_DIR (platform/secret.ts)
    secretKey: e.SECRET_KEY ?? null,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    bodyLimit: e.BODY_LIMIT_BYTES,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    signinAttemptsPer15Min: e.SIGNIN_ATTEMPTS_PER_15_MIN,
    // behind a reverse proxy, client addresses (rate limits) come from X-Forwarded-For
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    // without SPEECH_BASE_URL the server speaks with eSpeak NG; without VOICE_CLONE_URL it clones offline
    speech: e.SPEECH_BASE_URL ? { baseUrl: e.SPEECH_BASE_URL, apiKey: e.SPEECH_API_KEY ?? null, model: e.SPEECH_MODEL } : null,
    voiceClone: e.VOICE_CLONE_URL ? { url: e.VOICE_CLONE_URL, apiKey: e.VOICE_CLONE_API_KEY ?? null } : null,
    // without LLM_BASE_URL agents answer with the offline engine
    chat: { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL, contextTokens: e.LLM_CONTEXT_TOKENS, sendsPerMinute: e.CHAT_SENDS_PER_MINUTE, offlineTokenMs: e.OFFLINE_CHAT_TOKEN_MS },
    comments: { perMinute: e.COMMENTS_PER_MINUTE, likesPerMinute: e.COMMENT_LIKES_PER_MINUTE },
    logLevel: e.LOG_LEVEL,
    creationDelayMs: e.CREATION_DELAY_MS,
    image: { provider: e.IMAGE_PROVIDER ?? null, baseUrl: e.IMAGE_BASE_URL ?? null, apiKey: e.IMAGE_API_KEY || null, model: e.IMAGE_MODEL || null },
    // a token alone may serve other Replicate engines; music needs its model too
    music: {
      replicate: e.REPLICATE_API_TOKEN && e.REPLICATE_MUSIC_MODEL ? { apiUrl: e.REPLICATE_API_URL, token: e.REPLICATE_API_TOKEN, model: e.REPLICATE_MUSIC_MODEL } : null,
    },
    dance: { service: e.DANCE_SERVICE_URL ? { url: e.DANCE_SERVICE_URL, apiKey: e.DANCE_SERVICE_KEY || null } : null },
    singer: { url: e.SINGER_URL, apiKey: e.SINGER_KEY || undefined },
    jobs: { maxAttempts: e.JOB_MAX_ATTEMPTS, retryBaseMs: e.JOB_RETRY_BASE_MS, retentionMs: e.JOB_RETENTION_HOURS * 3_600_000, leaseMs: e.JOB_LEASE_MS },
  };
}

/** The bucket of S3_*, or null when S3_BUCKET is not set; half a configuration stops the start. */
function s3Options(e: z.infer<typeof Env>): S3Options | null {
  const invalid = (line: string) => new Error(`Invalid environment:\n  ${line}`);
  if (!e.S3_BUCKET) {
    const stray = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'] as const).filter((name) => e[name]);
    // without the bucket the files would silently go to the local folder
    if (stray.length > 0) throw invalid(`${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set but S3_BUCKET is not`);
    return null;
  }
  if (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) throw invalid('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  if (!e.S3_ENDPOINT && !e.S3_REGION) throw invalid('S3_BUCKET needs S3_REGION (for AWS) or S3_ENDPOINT (for MinIO, R2…)');
  const prefix = e.S3_PREFIX.replace(/^\/+|\/+$/g, '');
  if (prefix !== '' && !isValidKey(prefix)) throw invalid('S3_PREFIX must be folder names of letters, digits, dots, hyphens and underscores, such as starlit/');
  const region = e.S3_REGION ?? 'us-east-1';
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`,
    region,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    prefix: prefix === '' ? '' : `${prefix}/`,
  };
}
