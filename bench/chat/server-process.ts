// The server as a child process: start, stop, its memory and CPU, a fresh database, calls.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** VmRSS and VmHWM (peak) of a process, in MB. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

/** User + system CPU time of a process, in ms. */
export function cpuMsOf(pid: number): number {
  // fields after the ")" of the command name: utime and stime are the 12th and 13th
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
}

/** A fresh database on the PostgreSQL server of DATABASE_URL (or `serverUrl`), or null for PGlite in DATA_DIR. */
export async function freshDatabase(serverUrl = process.env.DATABASE_URL): Promise<{ url: string; drop(): Promise<void> } | null> {
  if (!serverUrl) return null;
  const name = `starlit_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** `env` adds to or overrides the settings below (another bench's own server). */
export async function startServer(providerUrl: string | null, dataDir: string, databaseUrl: string | null, logFile: string, env: NodeJS.ProcessEnv = {}) {
  const port = await freePort();
  const settings: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // the adapter appends /v1/chat/completions itself; without one agents answer offline
    ...(providerUrl ? { LLM_BASE_URL: providerUrl, LLM_MODEL: 'fake' } : {}),
    RATE_LIMIT_PER_MINUTE: '1000000',
    CHAT_SENDS_PER_MINUTE: '1000000',
    SIGNIN_ATTEMPTS_PER_15_MIN: '100000',
    LOG_LEVEL: 'warn',
    // the demo seed publishes the public agents the conversations open
    SEED_DEMO: '1',
    // no web build needed: the server only warns
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  };
  if (databaseUrl) settings.DATABASE_URL = databaseUrl;
  else delete settings.DATABASE_URL;
  const flags = process.env.BENCH_PROFILE ? [`--cpu-prof`, `--cpu-prof-dir=${path.join(ROOT, 'bench/results')}`] : [];
  const log = fs.openSync(logFile, 'w');
  // BENCH_SERVER_ENTRY runs another copy of the server (a proposed change) against the same client
  const entry = process.env.BENCH_SERVER_ENTRY ?? 'apps/server/src/main.ts';
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', entry], { cwd: ROOT, env: settings, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the server exited (${code}) while starting; see ${logFile}`))));
  exited.catch(() => undefined);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) await exited;
    try {
      await fetch(`${origin}/ai/api/v1/agent/public_list`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      return { child, origin };
    } catch {
      if (Date.now() > deadline) throw new Error(`the server did not listen within 120 s; see ${logFile}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

export async function stopServer(child: ChildProcess) {
  // a process killed by a signal has no exit code but its signal
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** A JSON call as the web client makes it; throws on a non-zero code. */
export async function call<T>(origin: string, callPath: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${origin}${callPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 0) throw new Error(`${callPath} answered ${res.status} code ${envelope.code}: ${envelope.message}`);
  return envelope.data;
}

/** Runs `task` over `items` with at most `limit` at a time (set-up calls, not measured). */
export async function pool<T, R>(items: T[], limit: number, task: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await task(items[i], i);
      }
    }),
  );
  return out;
}

// ---------------------------------------------------------------------------------------------
