import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The server's signing key (HMACs such as the passport's CSRF tokens). SECRET_KEY wins;
 * otherwise a random key is made once and kept in DATA_DIR, so restarts keep it. Several
 * instances serving one site must share it: the same SECRET_KEY or the same DATA_DIR.
 */
export async function serverSecret(config: { secretKey: string | null; dataDir: string }): Promise<Buffer> {
  if (config.secretKey) return Buffer.from(config.secretKey, 'utf8');
  const file = path.join(config.dataDir, 'secret-key');
  await fs.mkdir(config.dataDir, { recursive: true });
  // written aside and linked into place: link fails when the file exists, so two processes
  // starting at once keep the first key, and nobody reads a half-written one
  const draft = `${file}.${randomBytes(6).toString('hex')}`;
  await fs.writeFile(draft, randomBytes(32).toString('base64url'), { mode: 0o600 });
  try {
    await fs.link(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await fs.unlink(draft);
  }
  const key = (await fs.readFile(file, 'utf8')).trim();
  if (key.length < 32) throw new Error(`${file} holds no usable key: delete it to make a new one`);
  return Buffer.from(key, 'utf8');
}
