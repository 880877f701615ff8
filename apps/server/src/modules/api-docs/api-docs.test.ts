import { allCalls } from '@starlit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.ts';
import { buildOpenApiDocument } from '../../openapi.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.starlit.app.inject({ method: 'GET', url });

describe('API documentation', () => {
  it('serves the OpenAPI document', async () => {
    const res = await get('/ai/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json();
    expect(doc).toEqual(buildOpenApiDocument());
    expect(doc.openapi).toBe('3.1.0');
    for (const call of allCalls()) expect(doc.paths[call.path].post.summary).toBe(call.summary);
  });

  it('serves a browsable page backed by the same document', async () => {
    let res = await get('/ai/api/docs');
    if (res.statusCode === 302) res = await get(res.headers.location as string);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.payload).toContain('swagger-ui');
    const json = await get('/ai/api/docs/json');
    expect(json.json()).toEqual(buildOpenApiDocument());
  });
});
