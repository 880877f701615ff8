import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverSecret } from './secret.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe('server secret', () => {
  it('is SECRET_KEY when set', async () => {
    const key = 'k'.repeat(40);
    expect((await serverSecret({ secretKey: key, dataDir: '/nonexistent' })).toString()).toBe(key);
  });

  it('is made once in DATA_DIR, readable by the owner only, and kept across starts', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-secret-'));
    dirs.push(dataDir);
    const [a, b] = await Promise.all([serverSecret({ secretKey: null, dataDir }), serverSecret({ secretKey: null, dataDir })]);
    expect(a.equals(b)).toBe(true);
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect((await fs.stat(path.join(dataDir, 'secret-key'))).mode & 0o777).toBe(0o600);
    expect((await serverSecret({ secretKey: null, dataDir })).equals(a)).toBe(true);
  });

  it('refuses an empty key file instead of signing with nothing', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-secret-'));
    dirs.push(dataDir);
    await fs.writeFile(path.join(dataDir, 'secret-key'), '');
    await expect(serverSecret({ secretKey: null, dataDir })).rejects.toThrow(/no usable key/);
  });
});
