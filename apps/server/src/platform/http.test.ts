import { calls } from '@starlit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ BODY_LIMIT_BYTES: '4096' });
});
afterAll(async () => {
  await t?.close();
});

const feed = calls.home.feed;

const raw = (payload: string, headers: Record<string, string> = {}) =>
  t.starlit.app.inject({
    method: 'POST',
    url: feed.path,
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });

describe('envelope and transport failures', () => {
  it('answers success as {code: 0, data, message: ""}', async () => {
    const res = await t.call(feed, { tab: 'recommend' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 0, data: { items: [], nextCursor: null, needsLogin: false }, message: '' });
  });

  it('answers an unknown path with 404 and a localized envelope', async () => {
    const res = await t.call('/ai/api/v1/nothing/here', {}, { lang: 'zh_TW' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, data: null, message: '找不到內容' });
  });

  it('answers malformed JSON with 400 and a clear message', async () => {
    const res = await raw('{"tab": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1002, message: 'The request body is not valid JSON' });
  });

  it('refuses prototype pollution keys', async () => {
    const res = await raw('{"tab":"recommend","__proto__":{"polluted":true}}');
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('treats an empty body as {}', async () => {
    const res = await raw('', { 'accept-language': 'zh-TW,zh;q=0.9' });
    expect(res.statusCode).toBe(200);
    // {} lacks the required tab: the message names it, in the Accept-Language language
    expect(res.json()).toMatchObject({ code: 1001 });
    expect(res.json().message).toContain('欄位「tab」');
  });

  it('answers a body over the limit with 413', async () => {
    const res = await raw(JSON.stringify({ tab: 'recommend', pad: 'x'.repeat(8000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, message: 'The request is too large' });
  });

  it('names the failing field of a schema failure', async () => {
    const res = await t.call(feed.path, { tab: 'everything' });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1001);
    expect(res.body.message).toMatch(/^Field "tab": /);
  });

  it('X-Lang wins over Accept-Language', async () => {
    const res = await t.starlit.app.inject({
      method: 'POST',
      url: '/ai/api/v1/nothing',
      headers: { 'content-type': 'application/json', 'x-lang': 'en_US', 'accept-language': 'zh-TW' },
      payload: '{}',
    });
    expect(res.json().message).toBe('Not found');
  });
});

describe('rate limit', () => {
  it('answers 429 once a client spends its budget', async () => {
    const limited = await startTestServer({ RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await limited.call(feed, { tab: 'agent' })).status);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.slice(5)).toEqual([429, 429]);
      const res = await limited.call(feed, { tab: 'agent' }, { lang: 'zh_TW' });
      expect(res.body).toMatchObject({ code: 429, message: '請求過於頻繁，請稍後再試' });
    } finally {
      await limited.close();
    }
  });
});
