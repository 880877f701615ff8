// What the tests of background generation jobs (avatars, creations, daily tasks) share: a data
// folder per app, counts or diamonds to pay with, and an OpenAI-compatible image provider that
// can be made to fail or hang.
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { calls } from '@starlit/contract';
import sharp from 'sharp';
import type { SignedIn, TestServer } from './server.ts';

/** Gives a person creation counts or diamonds, as a system bonus. */
export const grant = (t: TestServer, user: SignedIn, currency: 'JE' | 'CAC', amount: number) =>
  t.starlit.services.ledger.within(undefined, (books) => books.move({ from: { system: 'bonus' }, to: { user: user.userId }, currency, amount, kind: 'bonus' }));

/** A person's balances as they see them. */
export const balances = (t: TestServer, as: SignedIn) => t.ok(calls.ledger.balances, {}, { as });

/** Temporary data folders, removed together by `cleanup`. */
export function tempDirs(prefix: string) {
  const dirs: string[] = [];
  return {
    async make() {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    cleanup: () => Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true }))),
  };
}

/**
 * A local OpenAI-compatible image server answering a small picture: it fails with 500 while
 * `down`, never answers while `hang`, and counts the requests it got.
 */
export async function flakyImageProvider() {
  const state = { down: false, hang: false, calls: 0 };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      state.calls++;
      if (state.hang) return;
      if (state.down) return res.writeHead(500).end('{"error":{"message":"overloaded"}}');
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#6fe3ff' } })
        .png()
        .toBuffer();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [{ b64_json: png.toString('base64') }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** One request an AUTOMATIC1111 fake received: its path and JSON body. */
export interface Automatic1111Request {
  path: string;
  body: Record<string, unknown>;
}

/**
 * A local AUTOMATIC1111 / Forge web UI API: `POST /sdapi/v1/txt2img` and `/sdapi/v1/img2img`
 * answered as the real one does, `{images: [base64 PNG], parameters, info}` with `info` a JSON
 * string whose `infotexts` hold the generation parameters (with a model hash only the server
 * knows). img2img answers the init image negated at the size asked, so the result is the
 * reference's and still differs from it. While `down` it answers 500 with A1111's error JSON.
 */
export async function automatic1111Provider() {
  const state = { down: false, requests: [] as Automatic1111Request[] };
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', async () => {
      const body = JSON.parse(Buffer.concat(parts).toString() || '{}') as Record<string, unknown>;
      const path = req.url ?? '';
      state.requests.push({ path, body });
      if (state.down) return res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"OutOfMemoryError","detail":"","body":"","errors":"CUDA out of memory"}');
      if (req.method !== 'POST' || (path !== '/sdapi/v1/img2img' && path !== '/sdapi/v1/txt2img')) return res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not Found"}');
      const width = Number(body.width);
      const height = Number(body.height);
      const init = path.endsWith('img2img') ? (body.init_images as string[] | undefined)?.[0] : undefined;
      const image = init
        ? await sharp(Buffer.from(init.replace(/^data:[^,]*,/, ''), 'base64'))
            .resize(width, height, { fit: 'fill' })
            .negate({ alpha: false })
            .png()
            .toBuffer()
        : await sharp({ create: { width, height, channels: 3, background: '#6fe3ff' } })
            .png()
            .toBuffer();
      const settings = [
        `Steps: ${body.steps}`,
        `Sampler: ${body.sampler_name}`,
        `CFG scale: ${body.cfg_scale}`,
        `Seed: ${body.seed}`,
        `Size: ${width}x${height}`,
        'Model hash: 7f96a1a9ca',
        'Model: fake-sd15',
        ...(init ? [`Denoising strength: ${body.denoising_strength}`] : []),
        'Version: v1.10.1',
      ];
      const infotext = `${body.prompt}\nNegative prompt: ${body.negative_prompt}\n${settings.join(', ')}`;
      const info = JSON.stringify({ prompt: body.prompt, seed: body.seed, width, height, infotexts: [infotext] });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ images: [image.toString('base64')], parameters: body, info }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
