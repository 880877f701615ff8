import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { httpDanceModel } from './http-dance.ts';

const VRMA = Buffer.concat([Buffer.from('glTF'), Buffer.from([2, 0, 0, 0, 12, 0, 0, 0])]);

type Scenario = { createStatus: number; polls: Array<Record<string, unknown>>; resultStatus: number; hangCreate?: boolean };
let scenario: Scenario;
let seen: Array<{ method: string; path: string; auth?: string; audio?: number; seed?: string; character?: boolean }>;
let server: http.Server;
let url: string;

beforeAll(async () => {
  // the protocol of docs/creation.md "Dance engine": POST a job, poll it, fetch the result, DELETE to cancel
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? '';
    const entry: (typeof seen)[number] = { method: req.method ?? '', path, auth: req.headers.authorization };
    seen.push(entry);
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'POST' && path === '/v1/dance/jobs') {
      if (scenario.hangCreate) return;
      const form = await new Request('http://x/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: Buffer.concat(chunks) }).formData();
      const audio = form.get('audio');
      entry.audio = audio instanceof Blob ? audio.size : 0;
      entry.seed = String(form.get('seed'));
      entry.character = form.get('character') instanceof Blob;
      return scenario.createStatus === 202 ? json(202, { id: 'job 1', status: 'queued' }) : json(scenario.createStatus, { error: 'audio too long' });
    }
    if (req.method === 'GET' && path === '/v1/dance/jobs/job%201') return json(200, scenario.polls.shift() ?? { id: 'job 1', status: 'running', progress: 0.5 });
    if (req.method === 'GET' && path === '/v1/dance/jobs/job%201/result')
      return scenario.resultStatus === 200 ? res.writeHead(200, { 'content-type': 'model/gltf-binary' }).end(VRMA) : json(scenario.resultStatus, { error: 'gone' });
    if (req.method === 'DELETE') return json(200, { id: 'job 1', status: 'failed', error: 'cancelled' });
    json(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
  scenario = {
    createStatus: 202,
    polls: [
      { id: 'job 1', status: 'running', progress: 0.4 },
      { id: 'job 1', status: 'succeeded', progress: 1 },
    ],
    resultStatus: 200,
  };
});

const request = { audio: Buffer.from('RIFF....WAVEfake'), contentType: 'audio/wav', character: { name: 'Mika', vrm: Buffer.from('glTFvrm') }, seed: 's1' };

describe('HTTP dance model', () => {
  it('uploads the song and character, polls with progress and fetches the .vrma', async () => {
    const progress: number[] = [];
    const result = await httpDanceModel({ url, apiKey: 'k-9', pollMs: 1 }).dance(request, { onProgress: (f) => progress.push(f) });
    expect(result.vrma.equals(VRMA)).toBe(true);
    expect(result.engine).toBe('Motion-generation service');
    expect(progress).toEqual([0.4, 1]);
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /v1/dance/jobs', 'GET /v1/dance/jobs/job%201', 'GET /v1/dance/jobs/job%201', 'GET /v1/dance/jobs/job%201/result']);
    expect(seen[0]).toMatchObject({ auth: 'Bearer k-9', audio: request.audio.length, seed: 's1', character: true });
  });

  it('says why when the service refuses, fails the job or answers nonsense', async () => {
    scenario.createStatus = 413;
    await expect(httpDanceModel({ url, apiKey: null, pollMs: 1 }).dance(request)).rejects.toThrow(/refused the song \(413\).*audio too long/);
    scenario = { createStatus: 202, polls: [{ id: 'job 1', status: 'failed', error: 'no beats' }], resultStatus: 200 };
    await expect(httpDanceModel({ url, apiKey: null, pollMs: 1 }).dance(request)).rejects.toThrow(/failed: no beats/);
    scenario = { createStatus: 202, polls: [{ id: 'job 1', status: 'weird' }], resultStatus: 200 };
    await expect(httpDanceModel({ url, apiKey: null, pollMs: 1 }).dance(request)).rejects.toThrow(/without a job id and status/);
    scenario = { createStatus: 202, polls: [{ id: 'job 1', status: 'succeeded' }], resultStatus: 410 };
    await expect(httpDanceModel({ url, apiKey: null, pollMs: 1 }).dance(request)).rejects.toThrow(/did not give the result \(410\)/);
  });

  it('gives up on a slow or unreachable service and cancels a job it stops waiting for', async () => {
    scenario.hangCreate = true;
    await expect(httpDanceModel({ url, apiKey: null, timeoutMs: 50 }).dance(request)).rejects.toThrow(/did not finish within 50 ms/);
    await expect(httpDanceModel({ url: 'http://127.0.0.1:9', apiKey: null }).dance(request)).rejects.toThrow(/could not be reached/);
    scenario = { createStatus: 202, polls: [], resultStatus: 200 };
    seen = [];
    const controller = new AbortController();
    const running = httpDanceModel({ url, apiKey: null, pollMs: 5 }).dance(request, { signal: controller.signal, onProgress: () => controller.abort(new Error('user cancelled')) });
    await expect(running).rejects.toThrow(/user cancelled/);
    expect(seen.some((s) => s.method === 'DELETE' && s.path === '/v1/dance/jobs/job%201')).toBe(true);
  });
});
