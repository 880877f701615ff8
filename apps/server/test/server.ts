import { randomBytes } from 'node:crypto';
import { calls, type CallDef, type CallInput, type CallOutput } from '@starlit/contract';
import pg from 'pg';
import { createApp, type AppOptions, type Starlit } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';

export interface CallResult<T = unknown> {
  status: number;
  body: { code: number; data: T; message: string };
}

export interface SignedIn {
  token: string;
  passportToken: string;
  userId: string;
  userName: string;
}

export interface CallOptions {
  /** The caller; anonymous without it (or `token`). */
  as?: SignedIn | null;
  token?: string;
  lang?: string;
  cookie?: string;
}

export interface TestServer {
  /** The running app; `restart()` replaces it. */
  readonly starlit: Starlit;
  /**
   * POSTs a JSON body like the web client does. Given a contract call, the input and the
   * answer's data are typed from it; a path takes any body (for what the contract refuses).
   */
  call<C extends CallDef>(call: C, input?: CallInput<C>, opts?: CallOptions): Promise<CallResult<CallOutput<C>>>;
  call<T = unknown>(path: string, body?: unknown, opts?: CallOptions): Promise<CallResult<T>>;
  /** A call that must succeed: answers its data, or throws with the envelope's message. */
  ok<C extends CallDef>(call: C, input: CallInput<C>, opts?: CallOptions): Promise<CallOutput<C>>;
  /** A signed-in user through the real code exchange; answers its token and id. */
  user(name?: string): Promise<SignedIn>;
  admin(): Promise<SignedIn>;
  /**
   * Stops the app and starts a new one on the same database, as a server restart would:
   * with `env` instead of the settings it started with, running `whileStopped` in between.
   */
  restart(opts?: { env?: Record<string, string>; whileStopped?: () => Promise<void> }): Promise<void>;
  close(): Promise<void>;
}

/**
 * A database of its own for one test file: in-memory PGlite by default, or a fresh
 * database on the PostgreSQL server of DATABASE_URL, dropped at the end.
 */
export async function testDatabase(): Promise<{ database: Database; url: string | null; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
    return { database, url: null, drop: () => database.close() };
  }
  const name = `starlit_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // the forced drop at the end cuts connections that are still closing: expected here
  const database = await openDatabase({ databaseUrl: url.href, pgliteDir: null, onIdleError: () => undefined });
  return {
    database,
    url: url.href,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

let counter = 0;

export async function startTestServer(env: Record<string, string> = {}, options: Pick<AppOptions, 'speech' | 'chat' | 'logStream'> = {}): Promise<TestServer> {
  const db = await testDatabase();
  // one key for every start, so sessions outlive a restart
  const secretKey = randomBytes(32).toString('base64url');
  const configOf = (overrides: Record<string, string>) =>
    loadConfig({
      LOG_LEVEL: 'silent',
      ADMIN_USERS: 'admin',
      SEED_DEMO: '0',
      RATE_LIMIT_PER_MINUTE: '100000',
      REDIS_URL: process.env.REDIS_URL,
      // a key of its own, so no test writes one into ./data
      SECRET_KEY: secretKey,
      ...overrides,
    } as NodeJS.ProcessEnv);
  const start = async (overrides: Record<string, string>) => {
    const app = await createApp(configOf(overrides), { ...options, database: db.database, redisPrefix: `starlit-test-${randomBytes(4).toString('hex')}` });
    await app.app.ready();
    return app;
  };
  let starlit = await start(env);

  async function call(target: CallDef | string, body: unknown = {}, opts: CallOptions = {}): Promise<CallResult<never>> {
    const token = opts.token ?? opts.as?.token;
    const res = await starlit.app.inject({
      method: 'POST',
      url: typeof target === 'string' ? target : target.path,
      headers: {
        'content-type': 'application/json',
        ...(token ? { token } : {}),
        ...(opts.lang ? { 'x-lang': opts.lang } : {}),
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.json() };
  }

  const ok: TestServer['ok'] = async (target, input, opts) => {
    const res = await call(target, input, opts);
    if (res.body.code !== 0) throw new Error(`${target.path} answered ${res.body.code}: ${res.body.message}`);
    return res.body.data;
  };

  const user: TestServer['user'] = async (name) => {
    const userName = name ?? `user${++counter}_${randomBytes(3).toString('hex')}`;
    const existing = await starlit.services.users.byName(userName);
    const row = existing ?? (await starlit.services.auth.signUp(userName, 'correct horse battery'));
    // the same steps as a browser: start a sign-in, get a code for it, exchange it with the state cookie
    const redirectUri = 'http://localhost/';
    const { state } = await starlit.services.auth.begin({ returnTo: '/', redirectUri, builtInAuthorizeUrl: `${redirectUri}passport/authorize`, lang: 'en_US' });
    const code = await starlit.services.auth.issueCode(row.id, redirectUri, state);
    const res = await call(calls.auth.codeToToken, { code }, { cookie: `starlit_auth_state=${state}` });
    if (res.body.code !== 0) throw new Error(`sign-in failed: ${res.body.message}`);
    const data: CallOutput<typeof calls.auth.codeToToken> = res.body.data;
    return { token: data.token, passportToken: data.passportToken, userId: data.userId, userName };
  };

  return {
    get starlit() {
      return starlit;
    },
    call,
    ok,
    user,
    admin: () => user('admin'),
    async restart(opts = {}) {
      await starlit.close();
      await opts.whileStopped?.();
      starlit = await start(opts.env ?? env);
    },
    async close() {
      await starlit.close();
      await db.drop();
    },
  };
}
