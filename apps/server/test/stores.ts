import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { S3Options } from '../src/platform/storage-s3.ts';

/** The stores the storage and media tests run against, each the same way. */
export const STORES = ['local', 's3'] as const;
export type StoreKind = (typeof STORES)[number];

// s3rver's one account; it checks Signature V4 with this secret
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

/** A store's settings for a test server (`startTestServer(env)`) and for `s3Storage`. */
export interface TestStore {
  kind: StoreKind;
  /** The S3_* variables; none for the local folder. */
  env: Record<string, string>;
  /** The bucket's settings (s3 only). */
  s3: S3Options | null;
  close(): Promise<void>;
}

/** Starts `test/s3-server.ts` on a free port and answers the port and a way to stop it. */
async function startS3Server(directory: string, bucket: string) {
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '--import', 'tsx', path.join(import.meta.dirname, 's3-server.ts'), directory, bucket], {
    cwd: path.join(import.meta.dirname, '..'),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout });
  const first = await Promise.race([once(lines, 'line'), exited.then(() => [null])]);
  if (typeof first[0] !== 'string') throw new Error('the S3 test server did not start');
  const { port } = JSON.parse(first[0]) as { port: number };
  return {
    port,
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
}

/**
 * A local folder needs nothing; an S3 store is a real S3-protocol server (s3rver, which checks
 * Signature V4) on a free port of this machine, with its own temporary folder, stopped by
 * `close()`.
 */
export async function startStore(kind: StoreKind): Promise<TestStore> {
  if (kind === 'local') return { kind, env: {}, s3: null, close: async () => undefined };
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-s3rver-'));
  const server = await startS3Server(directory, 'starlit-test');
  const port = server.port;
  const s3: S3Options = {
    bucket: 'starlit-test',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: ACCESS_KEY,
    secretAccessKey: SECRET_KEY,
    forcePathStyle: true,
    prefix: 'installation/',
  };
  const env = {
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: SECRET_KEY,
    S3_FORCE_PATH_STYLE: '1',
    S3_PREFIX: s3.prefix,
  };
  return {
    kind,
    env,
    s3,
    async close() {
      await server.stop();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
