import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/server.ts';
import { createApp, type Starlit } from '../app.ts';
import { loadConfig } from '../config.ts';
import { mountWeb } from '../web.ts';

let starlit: Starlit;
let drop: () => Promise<void>;
let dir: string;

// the app with a (tiny) web build mounted, as main.ts serves it
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'starlit-headers-'));
  const webDist = path.join(dir, 'web');
  await fs.mkdir(path.join(webDist, 'assets'), { recursive: true });
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Starlit</title><script type="module" src="/assets/app.js"></script>');
  await fs.writeFile(path.join(webDist, 'assets', 'app.js'), 'export {};');
  await fs.mkdir(path.join(dir, 'data', 'media', 'test'), { recursive: true });
  await fs.writeFile(path.join(dir, 'data', 'media', 'test', 'note.txt'), 'hello');
  const db = await testDatabase();
  drop = db.drop;
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: '0', DATA_DIR: path.join(dir, 'data'), WEB_DIST: webDist, SECRET_KEY: 's'.repeat(40) } as NodeJS.ProcessEnv);
  starlit = await createApp(config, { database: db.database });
  await mountWeb(starlit.app, config);
  await starlit.app.ready();
});
afterAll(async () => {
  await starlit?.close();
  await drop?.();
  await fs.rm(dir, { recursive: true, force: true });
});

const get = async (url: string) => {
  const res = await starlit.app.inject({ url });
  return res.statusCode === 302 ? starlit.app.inject({ url: res.headers.location as string }) : res;
};

function expectHardened(headers: Record<string, unknown>, label: string) {
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['referrer-policy'], label).toBe('same-origin');
  expect(String(headers['content-security-policy']), label).toContain("frame-ancestors 'none'");
}

describe('security headers', () => {
  it('serve the web app and its scripts under a CSP that runs only our own scripts', async () => {
    for (const url of ['/', '/assets/app.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expectHardened(res.headers, url);
      const policy = String(res.headers['content-security-policy']);
      expect(policy).toContain("script-src 'self';");
      expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
      expect(policy).toContain("object-src 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('serve the API documentation the same way', async () => {
    for (const url of ['/ai/api/docs', '/ai/api/docs/static/swagger-initializer.js', '/ai/api/openapi.json']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expectHardened(res.headers, url);
    }
    expect((await get('/ai/api/docs')).body).toContain('swagger-ui');
  });

  it('keep the stricter policy of uploaded media and add no framing to it', async () => {
    const res = await get('/media/test/note.txt');
    expect(res.statusCode).toBe(200);
    expectHardened(res.headers, 'media');
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('come with API answers, errors and refused hosts too', async () => {
    const me = await starlit.app.inject({ method: 'POST', url: '/ai/api/v1/auth/me', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(me.statusCode).toBe(401);
    expectHardened(me.headers, 'api');
    const missing = await starlit.app.inject({ url: '/ai/api/v1/nothing' });
    expectHardened(missing.headers, 'not found');
    const foreign = await starlit.app.inject({ url: '/', headers: { host: 'evil.example' } });
    expect(foreign.statusCode).toBe(421);
    expectHardened(foreign.headers, 'foreign host');
  });
});
