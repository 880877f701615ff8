import { randomBytes } from 'node:crypto';
import { calls, type CallDef, type CallInput, type CallOutput } from '@starlit/contract';
import pg from 'pg';
import { createApp, type AppOptions, type Starlit } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
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

/** A POST of any JSON body to a path. */
export type PathCall = <T = unknown>(path: string, body?: unknown, opts?: CallOptions) => Promise<CallResult<T>>;

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

type TestOptions = Pick<AppOptions, 'speech' | 'chat' | 'logStream'>;
type ConfigOf = (env: Record<string, string>) => Config;

export async function startTestServer(env: Record<string, string> = {}, options: TestOptions = {}): Promise<TestServer> {
  const db = await testDatabase();
  const server = await testInstance(db.database, `starlit-test-${randomBytes(4).toString('hex')}`, testConfigs(), env, options);
  return {
    ...server,
    get starlit() {
      return server.starlit;
    },
    async close() {
      await server.close();
      await db.drop();
    },
  };
}

/**
 * Several app instances on one database and one Redis prefix, as behind a load balancer.
 * Each instance's `close()` stops only that app (a crash or a deploy); `close()` here stops
 * the rest and drops the database.
 */
export async function startTestInstances(count: number, env: Record<string, string> = {}, options: TestOptions = {}) {
  const db = await testDatabase();
  const redisPrefix = `starlit-test-${randomBytes(4).toString('hex')}`;
  // one signing key, shared by the instances as a real deployment must
  const configOf = testConfigs();
  const instances: TestServer[] = [];
  for (let i = 0; i < count; i++) instances.push(await testInstance(db.database, redisPrefix, configOf, env, options));
  return {
    instances,
    redisPrefix,
    async close() {
      for (const instance of instances) await instance.close();
      await db.drop();
    },
  };
}

/** Test settings over the given ones, all with one signing key, so sessions outlive a restart with other settings. */
function testConfigs(): ConfigOf {
  // a key of its own, so no test writes one into ./data
  const secretKey = randomBytes(32).toString('base64url');
  return (env) =>
    loadConfig({
      LOG_LEVEL: 'silent',
      ADMIN_USERS: 'admin',
      SEED_DEMO: '0',
      RATE_LIMIT_PER_MINUTE: '100000',
      REDIS_URL: process.env.REDIS_URL,
      SECRET_KEY: secretKey,
      ...env,
    } as NodeJS.ProcessEnv);
}

/** One app on a database it does not own: closing it leaves the database open. */
async function testInstance(database: Database, redisPrefix: string, configOf: ConfigOf, env: Record<string, string>, options: TestOptions): Promise<TestServer> {
  const start = async (settings: Record<string, string>) => {
    const app = await createApp(configOf(settings), { ...options, database, redisPrefix });
    await app.app.ready();
    return app;
  };
  let starlit = await start(env);
  // an instance stopped early (a crash in a test) is not stopped again at the end
  let closed = false;

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
      if (closed) return;
      closed = true;
      await starlit.close();
    },
  };
}
