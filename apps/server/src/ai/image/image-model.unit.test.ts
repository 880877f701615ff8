import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { automatic1111ImageModel } from './automatic1111.ts';
import { createImageModel } from './create-image-model.ts';
import { fakeServer, type Reply } from '../../../test/fake-image-provider.ts';
import { offlineImageModel } from './offline.ts';
import { openAiCompatibleImageModel } from './openai-compatible.ts';
import { readParameters } from './png-parameters.ts';
import { PROCEDURAL_IMAGE_ENGINE } from './procedural.ts';

/** A PNG of exactly width×height, of the fake's magenta, with a `parameters` chunk. */
async function expectMagenta(image: Buffer, width: number, height: number): Promise<void> {
  expect(await sharp(image).metadata()).toMatchObject({ format: 'png', width, height });
  const { dominant } = await sharp(image).stats();
  expect(dominant).toMatchObject({ r: 248, g: 8, b: 248 });
  expect(readParameters(image)?.settings.Size).toBe(`${width}x${height}`);
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
    await expectMagenta(result.image, 256, 256);
    expect(result.engine).toBe('img-1 (OpenAI-compatible)');
    expect(fake.requests[0]!.path).toBe('/v1/images/generations');
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk-test');
    expect(fake.requests[0]!.body).toMatchObject({ model: 'img-1', size: '1024x1024', response_format: 'b64_json', n: 1 });
    expect(fake.requests[0]!.body.prompt).toContain('anime');
  });

  it('waits out a 429 and then succeeds', async () => {
    const fake = await fakeServer([{ status: 429, body: '{}', headers: { 'retry-after': '0' } }, openAiOk]);
    await expectMagenta((await model(fake.url).generate(request)).image, 256, 256);
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
    await expectMagenta((await model(fake.url).generate(request)).image, 256, 256);
    await model(fake.url).generate({ ...request, referenceImage: png });
    expect(fake.requests.map((r) => r.path)).toEqual(['/sdapi/v1/txt2img', '/sdapi/v1/img2img']);
    expect(fake.requests[0]!.body).toMatchObject({ width: 256, height: 256, seed: 7, override_settings: { sd_model_checkpoint: 'anything-v5' } });
    const [init] = fake.requests[1]!.body.init_images as string[];
    expect(await sharp(Buffer.from(init!, 'base64')).metadata()).toMatchObject({ format: 'png', width: 256, height: 256 });
    expect(fake.requests[0]!.headers.authorization).toBe(`Basic ${Buffer.from('user:pass').toString('base64')}`);
  });

  it('waits out a 429, fails on 500 and on malformed JSON', async () => {
    const limited = await fakeServer([{ status: 429, body: '', headers: { 'retry-after': '0' } }, a1111Ok]);
    await expectMagenta((await model(limited.url).generate(request)).image, 256, 256);
    const down = await fakeServer([{ status: 500, body: '{"error":"CUDA out of memory"}' }]);
    await expect(model(down.url).generate(request)).rejects.toThrow(/HTTP 500/);
    const bad = await fakeServer([{ status: 200, body: 'not json' }]);
    await expect(model(bad.url).generate(request)).rejects.toThrow(/malformed JSON/);
    const junk = await fakeServer([{ status: 200, body: JSON.stringify({ images: [Buffer.from('no picture').toString('base64')] }) }]);
    await expect(model(junk.url).generate(request)).rejects.toThrow(/not a picture/);
    const none = await fakeServer([{ status: 200, body: '{"images": []}' }]);
    await expect(model(none.url).generate(request)).rejects.toThrow(/without images/);
  });
});

describe('offline engine', () => {
  it('draws the same PNG for the same request, another for another seed or other words, and says it is offline', async () => {
    const model = offlineImageModel();
    const a = await model.generate(request);
    const again = await model.generate({ ...request });
    const b = await model.generate({ ...request, seed: 99 });
    const c = await model.generate({ ...request, prompt: 'Kai: a quiet fox archer' });
    expect(a.engine).toBe(PROCEDURAL_IMAGE_ENGINE);
    expect(a.engine).toMatch(/offline/);
    expect(a.image.equals(again.image)).toBe(true);
    expect(a.image.equals(b.image)).toBe(false);
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
