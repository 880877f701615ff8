import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { httpDanceModel, MAX_JOB_ANSWER_BYTES } from './http-dance.ts';

const VRMA = Buffer.concat([Buffer.from('glTF'), Buffer.from([2, 0, 0, 0, 12, 0, 0, 0])]);

type Scenario = {
  createStatus: number;
  polls: Array<Record<string, unknown>>;
  resultStatus: number;
  hangCreate?: boolean;
  /** What the first poll does instead of answering a job. */
  pollFailure?: 'http-500' | 'hang' | 'huge';
  /** The result's bytes instead of VRMA, with or without a content-length (else chunked). */
  result?: { body: Buffer; declared: boolean };
};
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
    if (req.method === 'GET' && path === '/v1/dance/jobs/job%201') {
      const failure = scenario.pollFailure;
      scenario.pollFailure = undefined;
      if (failure === 'hang') return;
      if (failure === 'http-500') return json(500, { error: 'database down' });
      if (failure === 'huge') return json(200, { id: 'job 1', status: 'running', log: 'x'.repeat(MAX_JOB_ANSWER_BYTES) });
      return json(200, scenario.polls.shift() ?? { id: 'job 1', status: 'running', progress: 0.5 });
    }
    if (req.method === 'GET' && path === '/v1/dance/jobs/job%201/result') {
      if (scenario.resultStatus !== 200) return json(scenario.resultStatus, { error: 'gone' });
      const result = scenario.result ?? { body: VRMA, declared: true };
      if (result.declared) return res.writeHead(200, { 'content-type': 'model/gltf-binary', 'content-length': result.body.length }).end(result.body);
      // chunked, no length given: the reader must count as it goes
      res.writeHead(200, { 'content-type': 'model/gltf-binary' });
      for (let at = 0; at < result.body.length; at += 1000) res.write(result.body.subarray(at, at + 1000));
      return res.end();
    }
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

/** DELETEs the service has been sent since the test began. */
const cancels = () => seen.filter((s) => s.method === 'DELETE' && s.path === '/v1/dance/jobs/job%201').length;

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
    // the service ended that job itself: nothing to cancel
    expect(cancels()).toBe(0);
    scenario = { createStatus: 202, polls: [{ id: 'job 1', status: 'weird' }], resultStatus: 200 };
    await expect(httpDanceModel({ url, apiKey: null, pollMs: 1 }).dance(request)).rejects.toThrow(/without a job id and status/);
    expect(cancels()).toBe(1);
    scenario = { createStatus: 202, polls: [{ id: 'job 1', status: 'succeeded' }], resultStatus: 410 };
    await expect(httpDanceModel({ url, apiKey: null, pollMs: 1 }).dance(request)).rejects.toThrow(/did not give the result \(410\)/);
    expect(cancels()).toBe(2);
  });

  it('cancels the job when a poll fails, answers too much or runs past the time bound', async () => {
    scenario.pollFailure = 'http-500';
    await expect(httpDanceModel({ url, apiKey: 'k-9', pollMs: 1 }).dance(request)).rejects.toThrow(/lost the job \(500\).*database down/);
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', path: '/v1/dance/jobs/job%201', auth: 'Bearer k-9' });
    scenario.pollFailure = 'huge';
    await expect(httpDanceModel({ url, apiKey: null, pollMs: 1 }).dance(request)).rejects.toThrow(`answered more than ${MAX_JOB_ANSWER_BYTES} bytes`);
    expect(cancels()).toBe(2);
    scenario.pollFailure = 'hang';
    await expect(httpDanceModel({ url, apiKey: null, pollMs: 1, timeoutMs: 300 }).dance(request)).rejects.toThrow(/did not finish within 300 ms/);
    expect(cancels()).toBe(3);
  });

  it('reads at most maxResultBytes of the result, declared or streamed', async () => {
    const big = Buffer.concat([VRMA, Buffer.alloc(5000)]);
    for (const declared of [true, false]) {
      scenario = { createStatus: 202, polls: [{ id: 'job 1', status: 'succeeded' }], resultStatus: 200, result: { body: big, declared } };
      await expect(httpDanceModel({ url, apiKey: null, pollMs: 1, maxResultBytes: 4096 }).dance(request)).rejects.toThrow('answered more than 4096 bytes');
    }
    expect(cancels()).toBe(2);
    scenario = { createStatus: 202, polls: [{ id: 'job 1', status: 'succeeded' }], resultStatus: 200, result: { body: big.subarray(0, 4096), declared: false } };
    const result = await httpDanceModel({ url, apiKey: null, pollMs: 1, maxResultBytes: 4096 }).dance(request);
    expect(result.vrma.length).toBe(4096);
    expect(cancels()).toBe(2);
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
