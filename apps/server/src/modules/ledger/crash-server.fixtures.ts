import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { calls, type CallDef, type CallInput, type CallOutput } from '@starlit/contract';
import pg from 'pg';
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, type startFakeStripe } from '../../../test/fake-stripe.ts';
import { Browser } from '../../../test/browser.ts';
import { exchange, signUpThroughPassport } from '../../../test/sign-in.ts';

// The crash test's server side (crash.test.ts): the real server as a child process that can be
// killed, HTTP calls to it, and a fresh database when the run is on PostgreSQL.

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
/** The admin's name: the server is started with it in ADMIN_USERS. */
export const ADMIN = 'crashadmin';

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

export type Stripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** The real server as a child process, on the data of `dataDir` or `databaseUrl`. */
export async function startServer(dataDir: string, databaseUrl: string | null, stripe: Stripe) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    ADMIN_USERS: ADMIN,
    RATE_LIMIT_PER_MINUTE: '1000000',
    SIGNIN_ATTEMPTS_PER_15_MIN: '100000',
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    WEB_DIST: path.join(dataDir, 'no-web'),
  };
  delete env.REDIS_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) while starting; see ${dataDir}/server.log`);
    try {
      await fetch(`${origin}${calls.recharge.offer.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      return { child, origin };
    } catch {
      if (Date.now() > deadline) throw new Error(`the server did not listen within 45 s; see ${dataDir}/server.log`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function stop(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

export interface Person {
  userId: string;
  token: string;
}

/** A JSON call over HTTP; throws when the server is gone, answers the envelope otherwise. */
export async function post<C extends CallDef>(origin: string, call: C, input: CallInput<C>, as?: Person) {
  const res = await fetch(`${origin}${call.path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(as ? { token: as.token } : {}) }, body: JSON.stringify(input) });
  return (await res.json()) as { code: number; message: string; data: CallOutput<C> };
}

export async function signUp(origin: string, name: string): Promise<Person> {
  const b = new Browser();
  const back = await signUpThroughPassport(b, origin, name);
  const { data } = await exchange(b, origin, back.code, back.state);
  return { userId: data.userId, token: data.token };
}

/**
 * A database of its own on DATABASE_URL's server, created now and dropped by `drop`; null when
 * the run is on PGlite (a folder of the data dir).
 */
export async function freshDatabase(): Promise<{ databaseUrl: string; drop: () => Promise<void> } | null> {
  const server = process.env.DATABASE_URL;
  if (!server) return null;
  const name = `starlit_crash_${randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    await c.query(text).finally(() => c.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { databaseUrl: url.href, drop: () => admin(`drop database if exists ${name} with (force)`) };
}
