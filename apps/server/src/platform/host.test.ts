import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.ts';

describe('without PUBLIC_URL', () => {
  let t: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startTestServer({ ALLOWED_HOSTS: 'starlit.lan, 192.168.1.5', LOG_LEVEL: 'info' }, { logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(async () => {
    await t?.close();
  });
  const start = (host: string) => t.starlit.app.inject({ url: '/ai/api/v1/auth/authorize?return_to=%2F', headers: { host } });

  it('refuses hosts it does not know (421), so no redirect can point at them', async () => {
    for (const host of ['evil.example', 'evil.example:8080', 'localhost.evil.example', 'localhost@evil.example', 'localhost/x', '127.0.0.1.nip.io']) {
      const res = await start(host);
      expect(res.statusCode, host).toBe(421);
      expect(res.headers.location, host).toBeUndefined();
      expect(res.json()).toMatchObject({ code: 400 });
    }
    const api = await t.starlit.app.inject({ method: 'POST', url: '/ai/api/v1/home/feed', headers: { host: 'evil.example', 'content-type': 'application/json' }, payload: '{}' });
    expect(api.statusCode).toBe(421);
    expect(lines.some((l) => l.includes('unknown host refused') && l.includes('evil.example'))).toBe(true);
  });

  it('answers this machine on any port, and the ALLOWED_HOSTS names', async () => {
    for (const [host, origin] of [
      ['localhost:8080', 'http://localhost:8080'],
      ['127.0.0.1:9000', 'http://127.0.0.1:9000'],
      ['[::1]:8080', 'http://[::1]:8080'],
      ['LOCALHOST', 'http://localhost'],
      ['starlit.lan:8080', 'http://starlit.lan:8080'],
      ['192.168.1.5', 'http://192.168.1.5'],
    ]) {
      const res = await start(host!);
      expect(res.statusCode, host).toBe(302);
      expect(res.headers.location, host).toMatch(new RegExp(`^${origin!.replace(/[[\].]/g, '\\$&')}/passport/authorize\\?`));
    }
  });

  it('keeps sign-in codes, states and tokens out of the request log', async () => {
    lines.length = 0;
    await t.starlit.app.inject({ url: '/?code=SECRETCODE123&state=SECRETSTATE456&other=kept', headers: { host: 'localhost' } });
    await t.starlit.app.inject({ url: '/passport/authorize?response_type=code&client_id=starlit-web&state=SECRETSTATE789&redirect_uri=http%3A%2F%2Flocalhost%2F', headers: { host: 'localhost' } });
    await t.starlit.app.inject({ url: '/ai/realtime?token=SECRETTOKEN000', headers: { host: 'localhost' } });
    const log = lines.join('');
    expect(log).toContain('/?code=[redacted]&state=[redacted]&other=kept');
    expect(log).toContain('response_type=code&client_id=starlit-web&state=[redacted]');
    for (const secret of ['SECRETCODE123', 'SECRETSTATE456', 'SECRETSTATE789', 'SECRETTOKEN000']) expect(log).not.toContain(secret);
  });
});

describe('with PUBLIC_URL', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ PUBLIC_URL: 'https://starlit.example/' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers its public name and this machine (a proxy may pass either), nothing else', async () => {
    const get = (host: string) => t.starlit.app.inject({ url: '/ai/api/openapi.json', headers: { host } });
    expect((await get('starlit.example')).statusCode).toBe(200);
    expect((await get('127.0.0.1:8080')).statusCode).toBe(200);
    expect((await get('other.example')).statusCode).toBe(421);
  });
});
