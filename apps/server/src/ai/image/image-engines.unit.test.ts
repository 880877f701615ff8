import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test/fake-image-provider.ts';
import { automatic1111ImageModel } from './automatic1111.ts';
import type { ImageToImageRequest } from './image-model.ts';
import { offlineImageModel } from './offline.ts';
import { GPT_IMAGE_SIZES, nearestSize, openAiCompatibleImageModel } from './openai-compatible.ts';
import { readParameters } from './png-parameters.ts';
import { PROCEDURAL_IMAGE_ENGINE } from './procedural.ts';
import { IMAGE_RATIOS, ratioSize, ratioValue } from './ratio.ts';

/** A picture with structure (a gradient and a disc), so filters have edges and colours to work on. */
const reference = await sharp(
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><defs><linearGradient id="g"><stop offset="0" stop-color="#f2c14e"/><stop offset="1" stop-color="#2a7ab0"/></linearGradient></defs><rect width="300" height="200" fill="url(#g)"/><circle cx="150" cy="100" r="60" fill="#e4572e"/><rect x="20" y="20" width="50" height="160" fill="#1b998b"/></svg>`,
  ),
)
  .jpeg()
  .toBuffer();
const providerPicture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#ff00ff' } })
    .png()
    .toBuffer();
const square = await providerPicture(64, 64);
const img2img: ImageToImageRequest = { reference, prompt: 'Luna under the stars', style: 'anime', strength: 0.5, ratio: '16:9', seed: 42, longSide: 256 };

async function size(image: Buffer): Promise<string> {
  const m = await sharp(image).metadata();
  return `${m.width}x${m.height}`;
}

/** Mean absolute difference per channel, 0–255, between two pictures of one size. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((i) => sharp(i).removeAlpha().raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < x!.length; i++) sum += Math.abs(x![i]! - y![i]!);
  return sum / x!.length;
}

describe('ratios', () => {
  it('gives every ratio exactly, in multiples of 8 (of 64 at the default long side)', () => {
    expect(IMAGE_RATIOS.map((r) => ratioSize(r))).toEqual([
      { width: 1024, height: 1024 },
      { width: 768, height: 1024 },
      { width: 1024, height: 768 },
      { width: 576, height: 1024 },
      { width: 1024, height: 576 },
    ]);
    for (const r of IMAGE_RATIOS) {
      const { width, height } = ratioSize(r, 512);
      expect((width % 8) + (height % 8)).toBe(0);
      expect(Math.abs(width / height - ratioValue(r))).toBeLessThan(0.02);
    }
  });

  it('maps ratios to the nearest size OpenAI draws', () => {
    expect(IMAGE_RATIOS.map((r) => nearestSize(GPT_IMAGE_SIZES, ratioSize(r).width, ratioSize(r).height))).toEqual(['1024x1024', '1024x1536', '1536x1024', '1024x1536', '1536x1024']);
    const dalle3 = ['1024x1024', '1792x1024', '1024x1792'];
    expect(nearestSize(dalle3, 1024, 576)).toBe('1792x1024');
    expect(nearestSize(dalle3, 1024, 1024)).toBe('1024x1024');
    // 3:4 is nearer 4:7 than 1:1 by log ratio
    expect(nearestSize(dalle3, 768, 1024)).toBe('1024x1792');
  });
});

describe('AUTOMATIC1111 text to image and image to image', () => {
  const model = (url: string, timeoutMs?: number) => automatic1111ImageModel({ baseUrl: url, apiKey: null, model: 'anything-v5', sampler: 'DPM++ 2M', steps: 20, timeoutMs });

  it('sends multiples of 64 and answers each ratio at its exact size', async () => {
    const fake = await fakeServer([{ status: 200, body: JSON.stringify({ images: [square.toString('base64')] }) }]);
    for (const ratio of IMAGE_RATIOS) {
      const result = await model(fake.url).generate({ prompt: 'a fox', style: 'anime', width: 512, height: 512, seed: 1, ratio });
      const want = ratioSize(ratio, 512);
      expect(await size(result.image)).toBe(`${want.width}x${want.height}`);
    }
    for (const r of fake.requests) expect([(r.body.width as number) % 64, (r.body.height as number) % 64]).toEqual([0, 0]);
    expect(fake.requests.map((r) => `${r.body.width}x${r.body.height}`)).toEqual(['512x512', '384x512', '512x384', '320x512', '512x320']);
  });

  it('posts img2img with the reference, strength and settings, and keeps the server infotext', async () => {
    const info = JSON.stringify({
      infotexts: [
        'Luna under the stars, anime style\nNegative prompt: lowres\nSteps: 20, Sampler: DPM++ 2M, CFG scale: 7, Seed: 42, Size: 256x192, Model hash: abc123, Model: anything-v5, Denoising strength: 0.5',
      ],
    });
    const fake = await fakeServer([{ status: 200, body: JSON.stringify({ images: [(await providerPicture(256, 192)).toString('base64')], info }) }]);
    const result = await model(fake.url).img2Img(img2img);
    const sent = fake.requests[0]!;
    expect(sent.path).toBe('/sdapi/v1/img2img');
    expect(sent.body).toMatchObject({ denoising_strength: 0.5, steps: 20, sampler_name: 'DPM++ 2M', cfg_scale: 7, seed: 42, width: 256, height: 128, negative_prompt: expect.any(String) });
    expect(sent.body.prompt).toBe('Luna under the stars, anime style');
    const [init] = sent.body.init_images as string[];
    expect(await size(Buffer.from(init!, 'base64'))).toBe('256x128');
    expect(await size(result.image)).toBe('256x144');
    expect(readParameters(result.image)?.settings).toMatchObject({ 'Model hash': 'abc123', Size: '256x144', 'Denoising strength': '0.5' });
  });

  it('writes its own parameters without infotext, fails on errors and times out', async () => {
    const ok = await fakeServer([{ status: 200, body: JSON.stringify({ images: [square.toString('base64')] }) }]);
    const params = readParameters((await model(ok.url).img2Img({ ...img2img, strength: 2 })).image);
    expect(params).toMatchObject({
      prompt: 'Luna under the stars, anime style',
      settings: { Steps: '20', Sampler: 'DPM++ 2M', 'CFG scale': '7', Seed: '42', Size: '256x144', Model: 'anything-v5', 'Denoising strength': '1' },
    });
    const down = await fakeServer([{ status: 500, body: '{"error":"OutOfMemoryError"}' }]);
    await expect(model(down.url).img2Img(img2img)).rejects.toThrow(/HTTP 500/);
    const slow = await fakeServer([{ status: 200, body: '', hang: true }]);
    await expect(model(slow.url, 200).img2Img(img2img)).rejects.toThrow(/did not answer within 200 ms/);
  });
});

describe('OpenAI-compatible text to image and edits', () => {
  const model = (url: string, timeoutMs?: number) => openAiCompatibleImageModel({ baseUrl: url, apiKey: 'sk-test', model: 'gpt-image-1', timeoutMs });

  it('asks for the mapped size and crops each ratio exactly', async () => {
    const fake = await fakeServer([{ status: 200, body: JSON.stringify({ data: [{ b64_json: (await providerPicture(1536, 1024)).toString('base64') }] }) }]);
    for (const ratio of IMAGE_RATIOS) {
      const result = await model(fake.url).generate({ prompt: 'a fox', style: 'anime', width: 1024, height: 1024, seed: 1, ratio });
      const want = ratioSize(ratio);
      expect(await size(result.image)).toBe(`${want.width}x${want.height}`);
      expect(readParameters(result.image)?.settings).toMatchObject({ Size: `${want.width}x${want.height}`, Model: 'gpt-image-1' });
    }
    expect(fake.requests.map((r) => r.body.size)).toEqual(['1024x1024', '1024x1536', '1536x1024', '1024x1536', '1536x1024']);
  });

  it('posts a multipart edit with image, prompt, size and n, and reads b64_json', async () => {
    const fake = await fakeServer([{ status: 200, body: JSON.stringify({ created: 1, data: [{ b64_json: (await providerPicture(1536, 1024)).toString('base64') }] }) }]);
    const result = await model(fake.url).img2Img({ ...img2img, longSide: 1024 });
    const sent = fake.requests[0]!;
    expect(sent.path).toBe('/v1/images/edits');
    expect(sent.headers.authorization).toBe('Bearer sk-test');
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect([sent.form!.get('model'), sent.form!.get('size'), sent.form!.get('n')]).toEqual(['gpt-image-1', '1536x1024', '1']);
    expect(sent.form!.get('prompt')).toMatch(/^Luna under the stars\. Style: anime\. Keep 50% /);
    const image = sent.form!.get('image') as File;
    expect(image.name).toBe('reference.png');
    expect(await size(Buffer.from(await image.arrayBuffer()))).toBe('1536x1024');
    expect(await size(result.image)).toBe('1024x576');
    expect(result.engine).toBe('gpt-image-1 (OpenAI-compatible)');
  });

  it('downloads a url answer, and fails on errors, bad data and timeouts', async () => {
    const files = await fakeServer([{ status: 200, body: await providerPicture(1536, 1024), headers: { 'content-type': 'image/png' } }]);
    const api = await fakeServer([{ status: 200, body: JSON.stringify({ data: [{ url: `${files.url}/img/abc.png` }] }) }]);
    expect(await size((await model(api.url).img2Img(img2img)).image)).toBe('256x144');
    expect(files.requests[0]!.path).toBe('/img/abc.png');
    const refused = await fakeServer([{ status: 400, body: JSON.stringify({ error: { message: 'Invalid image', type: 'invalid_request_error' } }) }]);
    await expect(model(refused.url).img2Img(img2img)).rejects.toThrow(/HTTP 400: .*Invalid image/);
    const junk = await fakeServer([{ status: 200, body: JSON.stringify({ data: [{ b64_json: Buffer.from('not a picture').toString('base64') }] }) }]);
    await expect(model(junk.url).img2Img(img2img)).rejects.toThrow(/not a picture/);
    const empty = await fakeServer([{ status: 200, body: JSON.stringify({ data: [{}] }) }]);
    await expect(model(empty.url).img2Img(img2img)).rejects.toThrow(/without image data/);
    const slow = await fakeServer([{ status: 200, body: '', hang: true }]);
    await expect(model(slow.url, 200).img2Img(img2img)).rejects.toThrow(/did not answer within 200 ms/);
  });
});

describe('offline engine: ratios and image to image', () => {
  const model = offlineImageModel();

  it('draws every ratio at its exact size', async () => {
    for (const ratio of IMAGE_RATIOS) {
      const result = await model.generate({ prompt: 'Kai: a quiet fox archer', style: 'fantasy', width: 256, height: 256, seed: 1, ratio });
      const want = ratioSize(ratio, 256);
      expect(await size(result.image)).toBe(`${want.width}x${want.height}`);
      expect(readParameters(result.image)).toMatchObject({ prompt: 'Kai: a quiet fox archer', settings: { Model: PROCEDURAL_IMAGE_ENGINE, Size: `${want.width}x${want.height}` } });
    }
  });

  it('moves further from the reference as strength grows, and never copies it', async () => {
    const original = await sharp(reference).resize(256, 144, { fit: 'cover' }).png().toBuffer();
    const distances: number[] = [];
    for (const strength of [0, 0.25, 0.5, 0.75, 1]) distances.push(await difference(original, (await model.img2Img({ ...img2img, strength })).image));
    expect(distances[0]).toBeGreaterThan(2);
    for (let i = 1; i < distances.length; i++) expect(distances[i]).toBeGreaterThan(distances[i - 1]!);
  });

  it('draws each style differently, at the ratio, repeatably, and says so in the PNG', async () => {
    const styles = ['anime', 'cartoon', 'watercolor', 'realistic', 'cyberpunk', 'pixel art', 'sketch'];
    const images = await Promise.all(styles.map(async (style) => (await model.img2Img({ ...img2img, style, strength: 0.8 })).image));
    for (let i = 0; i < images.length; i++) for (let j = i + 1; j < images.length; j++) expect(await difference(images[i]!, images[j]!)).toBeGreaterThan(3);
    expect((await model.img2Img({ ...img2img, style: 'anime', strength: 0.8 })).image.equals(images[0]!)).toBe(true);
    expect(await size(images[0]!)).toBe('256x144');
    const sketch = await sharp(images[6]!).stats();
    // the sketch is grey pencil on paper: its channels agree
    expect(Math.abs(sketch.channels[0]!.mean - sketch.channels[2]!.mean)).toBeLessThan(5);
    expect(readParameters(images[0]!)?.settings).toMatchObject({ Model: PROCEDURAL_IMAGE_ENGINE, Style: 'anime', 'Denoising strength': '0.8', Seed: '42' });
  });
});
