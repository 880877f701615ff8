import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { automatic1111ImageModel } from './automatic1111.ts';
import { createImageModel } from './create-image-model.ts';
import { offlineImageModel } from './offline.ts';
import { openAiCompatibleImageModel } from './openai-compatible.ts';
import { PROCEDURAL_IMAGE_ENGINE } from './procedural.ts';

type Reply = { status: number; body: string; headers?: Record<string, string> };
interface Fake {
  url: string;
  requests: Array<{ path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> }>;
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A fake provider answering the given replies in turn (the last one repeats). */
async function fakeServer(replies: Reply[]): Promise<Fake> {
  const requests: Fake['requests'] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(raw) as Record<string, unknown> });
      const reply = replies[Math.min(requests.length - 1, replies.length - 1)]!;
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body);
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff00ff' } })
  .png()
  .toBuffer();
const request = { prompt: 'Luna: a cheerful cat girl', style: 'anime', width: 256, height: 256, seed: 7 };
const openAiOk: Reply = { status: 200, body: JSON.stringify({ data: [{ b64_json: png.toString('base64') }] }) };
const a1111Ok: Reply = { status: 200, body: JSON.stringify({ images: [png.toString('base64')] }) };

describe('OpenAI-compatible images', () => {
  const model = (url: string) => openAiCompatibleImageModel({ baseUrl: `${url}/`, apiKey: 'sk-test', model: 'img-1' });

  it('posts to /v1/images/generations and decodes b64_json', async () => {
    const fake = await fakeServer([openAiOk]);
    const result = await model(fake.url).generate(request);
    expect(result.image.equals(png)).toBe(true);
    expect(result.engine).toBe('img-1 (OpenAI-compatible)');
    expect(fake.requests[0]!.path).toBe('/v1/images/generations');
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk-test');
    expect(fake.requests[0]!.body).toMatchObject({ model: 'img-1', size: '256x256', response_format: 'b64_json', n: 1 });
    expect(fake.requests[0]!.body.prompt).toContain('anime');
  });

  it('waits out a 429 and then succeeds', async () => {
    const fake = await fakeServer([{ status: 429, body: '{}', headers: { 'retry-after': '0' } }, openAiOk]);
    expect((await model(fake.url).generate(request)).image.equals(png)).toBe(true);
    expect(fake.requests).toHaveLength(2);
  });

  it('fails on a 500 with the status in the reason', async () => {
    const fake = await fakeServer([{ status: 500, body: 'boom' }]);
    await expect(model(fake.url).generate(request)).rejects.toThrow(/HTTP 500/);
  });

  it('fails on malformed JSON and on answers without an image', async () => {
    const bad = await fakeServer([{ status: 200, body: '{"data": [' }]);
    await expect(model(bad.url).generate(request)).rejects.toThrow(/malformed JSON/);
    const empty = await fakeServer([{ status: 200, body: '{"data": []}' }]);
    await expect(model(empty.url).generate(request)).rejects.toThrow(/without data/);
  });
});

describe('AUTOMATIC1111 / Forge', () => {
  const model = (url: string) => automatic1111ImageModel({ baseUrl: url, apiKey: 'user:pass', model: 'anything-v5' });

  it('uses txt2img without a reference and img2img with one', async () => {
    const fake = await fakeServer([a1111Ok]);
    expect((await model(fake.url).generate(request)).image.equals(png)).toBe(true);
    await model(fake.url).generate({ ...request, referenceImage: png });
    expect(fake.requests.map((r) => r.path)).toEqual(['/sdapi/v1/txt2img', '/sdapi/v1/img2img']);
    expect(fake.requests[0]!.body).toMatchObject({ width: 256, height: 256, seed: 7, override_settings: { sd_model_checkpoint: 'anything-v5' } });
    expect(fake.requests[1]!.body.init_images).toEqual([png.toString('base64')]);
    expect(fake.requests[0]!.headers.authorization).toBe(`Basic ${Buffer.from('user:pass').toString('base64')}`);
  });

  it('waits out a 429, fails on 500 and on malformed JSON', async () => {
    const limited = await fakeServer([{ status: 429, body: '', headers: { 'retry-after': '0' } }, a1111Ok]);
    expect((await model(limited.url).generate(request)).image.equals(png)).toBe(true);
    const down = await fakeServer([{ status: 500, body: '{"error":"CUDA out of memory"}' }]);
    await expect(model(down.url).generate(request)).rejects.toThrow(/HTTP 500/);
    const bad = await fakeServer([{ status: 200, body: 'not json' }]);
    await expect(model(bad.url).generate(request)).rejects.toThrow(/malformed JSON/);
    const none = await fakeServer([{ status: 200, body: '{"images": []}' }]);
    await expect(model(none.url).generate(request)).rejects.toThrow(/without images/);
  });
});

describe('offline engine', () => {
  it('draws the same PNG for the same words and style, another for other words, and says it is offline', async () => {
    const model = offlineImageModel();
    const a = await model.generate(request);
    const b = await model.generate({ ...request, seed: 99 });
    const c = await model.generate({ ...request, prompt: 'Kai: a quiet fox archer' });
    expect(a.engine).toBe(PROCEDURAL_IMAGE_ENGINE);
    expect(a.engine).toMatch(/offline/);
    expect(a.image.equals(b.image)).toBe(true);
    expect(a.image.equals(c.image)).toBe(false);
    expect(await sharp(a.image).metadata()).toMatchObject({ format: 'png', width: 256, height: 256 });
  });
});

describe('createImageModel', () => {
  const pick = (env: Record<string, string>) => createImageModel(loadConfig(env as NodeJS.ProcessEnv).image).engine;

  it('chooses by IMAGE_PROVIDER and IMAGE_BASE_URL', () => {
    expect(pick({})).toBe(PROCEDURAL_IMAGE_ENGINE);
    expect(pick({ IMAGE_BASE_URL: 'http://x' })).toBe('gpt-image-1 (OpenAI-compatible)');
    expect(pick({ IMAGE_PROVIDER: 'automatic1111', IMAGE_BASE_URL: 'http://x', IMAGE_MODEL: 'sdxl' })).toBe('sdxl (AUTOMATIC1111)');
    expect(pick({ IMAGE_PROVIDER: 'offline', IMAGE_BASE_URL: 'http://x' })).toBe(PROCEDURAL_IMAGE_ENGINE);
    expect(() => loadConfig({ IMAGE_PROVIDER: 'openai' } as NodeJS.ProcessEnv)).toThrow(/IMAGE_BASE_URL/);
  });
});
