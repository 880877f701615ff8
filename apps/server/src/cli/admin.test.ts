import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/server.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { usersRepository } from '../modules/users/users.repository.ts';

const serverDir = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starlit-admin-'));
// PostgreSQL when the run has DATABASE_URL, else PGlite in dataDir (opened by one process at a time)
let databaseUrl: string | null = null;
let dropDatabase: (() => Promise<void>) | null = null;

/** Runs the CLI as a person would, in its own process. */
function admin(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ADMIN_USERS: 'keeper' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], { cwd: serverDir, env }, (error, out, err) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, out, err });
    });
  });
}

async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db') });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

const roleOf = (userName: string) => withDatabase(async (d) => (await usersRepository(d.db).byName(userName))?.role);

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    const db = await testDatabase();
    databaseUrl = db.url;
    dropDatabase = db.drop;
  }
  await withDatabase(async (d) => {
    const users = usersRepository(d.db);
    await users.insert({ userName: 'Mika', passwordHash: null });
    await users.insert({ userName: 'keeper', passwordHash: null, role: 'admin' });
  });
});
afterAll(async () => {
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// each command starts its own Node process, which takes a second or two
describe('npm run admin', { timeout: 60_000 }, () => {
  it('grants, lists and revokes the admin role by name, in any case', async () => {
    const granted = await admin('grant', 'mika');
    expect(granted).toMatchObject({ code: 0 });
    expect(granted.out).toContain('Mika is now an administrator');
    expect(await roleOf('Mika')).toBe('admin');
    expect((await admin('grant', 'Mika')).out).toContain('Mika is already an administrator');
    expect((await admin('list')).out).toMatch(/Administrators in .*:\n {2}keeper\n {2}Mika\n/);
    expect((await admin('revoke', 'MIKA')).out).toContain('Mika is now a regular user');
    expect(await roleOf('Mika')).toBe('user');
  });

  it('warns that ADMIN_USERS brings a revoked name back at the next start', async () => {
    const res = await admin('revoke', 'keeper');
    expect(res.code).toBe(0);
    expect(res.out).toContain('listed in ADMIN_USERS');
  });

  it('exits non-zero for an unknown user or command', async () => {
    const unknown = await admin('grant', 'nobody_here');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('No user named "nobody_here"');
    const wrong = await admin('promote', 'Mika');
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('npm run admin -- grant <username>');
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))('refuses to open an embedded database another process holds', async () => {
    const held = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'db') });
    try {
      const res = await admin('list');
      expect(res.code).toBe(1);
      expect(res.err).toContain('PGlite lets only one process open it');
      expect(res.err).toContain('Stop the Starlit server');
    } finally {
      await held.close();
    }
  });
});
