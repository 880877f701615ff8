import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { canRun } from '../speech/run-process.ts';
import { type MusicProgress, MusicProviderError } from './music-model.ts';
import { logPercent, type ReplicateMusicOptions, replicateMusicModel } from './replicate.ts';
import { encodeWav } from './wav.ts';

const hasFfmpeg = await canRun('ffmpeg', ['-version']);
const VERSION = '671ac645ce5e552cc63a54a2bbff63fcf798043055d2dac5fc9e36a837eedcfb';
const RATE = 16_000;
const tone = encodeWav(
  Float32Array.from({ length: RATE * 10 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / RATE)),
  RATE,
);

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (req: Seen, res: ServerResponse, base: string) => void;

let server: Server | null = null;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = null;
});

/** A stand-in for api.replicate.com: records every request and answers with `handle`. */
async function replicate(handle: Handler): Promise<{ base: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const entry = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      seen.push(entry);
      handle(entry, res, base);
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, seen };
}

/** A prediction object in Replicate's shape. */
function prediction(base: string, id: string, status: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    model: 'meta/musicgen',
    version: VERSION,
    input: {},
    logs: '',
    output: null,
    data_removed: false,
    error: null,
    status,
    created_at: '2026-11-24T11:00:00.000Z',
    urls: { get: `${base}/v1/predictions/${id}`, cancel: `${base}/v1/predictions/${id}/cancel`, stream: `${base}/stream/${id}` },
    ...extra,
  };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const fast: Partial<ReplicateMusicOptions> = { firstPollMs: 1, maxPollMs: 5, requestTimeoutMs: 5000 };
const model = (base: string, more: Partial<ReplicateMusicOptions> = {}) => replicateMusicModel({ apiUrl: base, token: 'r8_test', model: 'meta/musicgen', ...fast, ...more });
const request = { description: 'calm piano', mood: 'dreamy', seconds: 10, instrumental: true, seed: 42 };

/** A server whose prediction stays "processing" with `logs`; every GET is answered by `poll`. */
const processingForever = (poll?: (count: number, res: ServerResponse, base: string) => boolean) => {
  let polls = 0;
  return (req: Seen, res: ServerResponse, base: string) => {
    if (req.method === 'POST' && req.path.endsWith('/cancel')) return json(res, 200, prediction(base, 'p1', 'canceled'));
    if (req.method === 'POST') return json(res, 201, prediction(base, 'p1', 'starting'));
    polls++;
    if (poll?.(polls, res, base)) return;
    json(res, 200, prediction(base, 'p1', 'processing', { logs: ` ${Math.min(99, polls)}%|███ ` }));
  };
};

describe('replicateMusicModel', () => {
  it('creates a prediction on the model, polls it with its logged percentages and fetches the output', async () => {
    const { base, seen } = await replicate((req, res, base) => {
      if (req.method === 'POST') return json(res, 201, prediction(base, 'p1', 'starting'));
      if (req.path === '/files/out.wav') {
        res.writeHead(200, { 'content-type': 'audio/wav' });
        return res.end(tone);
      }
      const polls = seen.filter((s) => s.method === 'GET').length;
      if (polls === 1) return json(res, 200, prediction(base, 'p1', 'processing', { logs: 'loading\n 10%|█         | 25/250' }));
      if (polls === 2) return json(res, 200, prediction(base, 'p1', 'processing', { logs: 'loading\n 10%|█         | 25/250\n 55%|█████▌    | 138/250' }));
      json(res, 200, prediction(base, 'p1', 'succeeded', { output: `${base}/files/out.wav` }));
    });
    const progress: MusicProgress[] = [];
    const result = await model(base).generate(request, { onProgress: (p) => progress.push(p) });

    const create = seen[0];
    expect(create).toMatchObject({ method: 'POST', path: '/v1/models/meta/musicgen/predictions' });
    expect(create.headers.authorization).toBe('Bearer r8_test');
    expect(create.headers.prefer).toBeUndefined();
    expect(JSON.parse(create.body)).toEqual({
      input: { prompt: 'dreamy, calm piano, instrumental, no vocals', duration: 10, seed: 42, output_format: 'wav', normalization_strategy: 'peak' },
    });
    expect(seen.filter((s) => s.method === 'GET' && s.path === '/v1/predictions/p1')).toHaveLength(3);
    // the output lives on the API's own host, so the token goes with it
    expect(seen.at(-1)).toMatchObject({ path: '/files/out.wav', headers: { authorization: 'Bearer r8_test' } });
    expect(progress.filter((p) => p.stage === 'composing').map((p) => p.percent)).toEqual([10, 55]);
    expect(progress.at(-1)).toEqual({ stage: 'done', percent: 100 });

    expect(result).toMatchObject({ contentType: 'audio/wav', engine: 'meta/musicgen (Replicate)', seconds: 10 });
    expect(result.audio.equals(tone)).toBe(true);
    expect(result.settings).toMatchObject({ model: 'meta/musicgen', prediction: 'p1', seed: 42, instrumental: true });
    expect(await sharp(result.waveform).metadata()).toMatchObject({ format: 'png', width: 800 });
  });

  it.skipIf(!hasFfmpeg)('pins a version, asks for Prefer: wait, and turns a WAV output into the asked MP3 (needs ffmpeg)', async () => {
    const { base, seen } = await replicate((req, res, base) => {
      if (req.method === 'POST') return json(res, 201, prediction(base, 'p2', 'succeeded', { output: [`${base}/delivery/a.wav`] }));
      res.writeHead(200, { 'content-type': 'audio/wav' });
      res.end(tone);
    });
    const result = await model(base, { model: `meta/musicgen:${VERSION}`, preferWaitSeconds: 5 }).generate({ ...request, format: 'mp3' });
    expect(seen[0]).toMatchObject({ path: '/v1/predictions', headers: { prefer: 'wait=5' } });
    expect(JSON.parse(seen[0].body)).toEqual({ version: VERSION, input: expect.objectContaining({ output_format: 'mp3' }) });
    expect(seen.filter((s) => s.method === 'GET' && s.path.startsWith('/v1/'))).toHaveLength(0);
    expect(result.contentType).toBe('audio/mpeg');
    expect(result.audio.toString('latin1', 0, 3)).toBe('ID3');
  });

  it('fails with the prediction error of a failed prediction, without canceling it', async () => {
    const { base, seen } = await replicate((req, res, base) => {
      if (req.method === 'POST') return json(res, 201, prediction(base, 'p3', 'processing'));
      json(res, 200, prediction(base, 'p3', 'failed', { error: 'CUDA out of memory', logs: 'Traceback…' }));
    });
    const failure = model(base).generate(request);
    await expect(failure).rejects.toThrow(MusicProviderError);
    await expect(failure).rejects.toThrow('Replicate prediction p3 failed: CUDA out of memory');
    expect(seen.some((s) => s.path.endsWith('/cancel'))).toBe(false);
  });

  it("reports Replicate's error JSON for a refused create and does not retry it", async () => {
    const { base, seen } = await replicate((_req, res) =>
      json(res, 422, { title: 'Input validation failed', detail: '- input.duration: Must be less than or equal to 30', status: 422 }, { 'content-type': 'application/problem+json' }),
    );
    await expect(model(base).generate(request)).rejects.toThrow('Replicate answered HTTP 422: - input.duration: Must be less than or equal to 30');
    expect(seen).toHaveLength(1);

    server?.close();
    const unauthorized = await replicate((_req, res) => json(res, 401, { title: 'Unauthenticated', detail: 'You did not pass a valid authentication token', status: 401 }));
    await expect(model(unauthorized.base).generate(request)).rejects.toThrow('HTTP 401: You did not pass a valid authentication token');
  });

  it('does not retry a create that failed with a 5xx (the prediction may exist), but waits out a 429', async () => {
    const broken = await replicate((_req, res) => json(res, 502, { detail: 'Bad gateway' }));
    await expect(model(broken.base).generate(request)).rejects.toThrow('HTTP 502: Bad gateway');
    expect(broken.seen).toHaveLength(1);
    server?.closeAllConnections();
    server?.close();

    const limited = await replicate((req, res, base) => {
      const creates = limited.seen.filter((s) => s.method === 'POST').length;
      if (req.method === 'POST' && creates === 1) return json(res, 429, { title: 'Too Many Requests', detail: 'Request was throttled.', status: 429 }, { 'retry-after': '0' });
      if (req.method === 'POST') return json(res, 201, prediction(base, 'p4', 'succeeded', { output: `${base}/out.wav` }));
      res.writeHead(200);
      res.end(tone);
    });
    expect((await model(limited.base).generate(request)).audio.equals(tone)).toBe(true);
    expect(limited.seen.filter((s) => s.method === 'POST')).toHaveLength(2);
  });

  it('polls through one 5xx, but gives up and cancels after three in a row', async () => {
    const once = await replicate(
      processingForever((count, res, base) => {
        if (count === 1) json(res, 500, { detail: 'Internal server error' });
        else if (count === 2) json(res, 200, prediction(base, 'p1', 'succeeded', { output: `${base}/out.wav` }));
        else {
          res.writeHead(200);
          res.end(tone);
        }
        return true;
      }),
    );
    expect((await model(once.base).generate(request)).engine).toBe('meta/musicgen (Replicate)');
    server?.closeAllConnections();
    server?.close();

    const down = await replicate(
      processingForever((_count, res) => {
        json(res, 503, { detail: 'Service unavailable' });
        return true;
      }),
    );
    await expect(model(down.base).generate(request)).rejects.toThrow('HTTP 503: Service unavailable');
    expect(down.seen.filter((s) => s.method === 'GET')).toHaveLength(3);
    expect(down.seen.at(-1)).toMatchObject({ method: 'POST', path: '/v1/predictions/p1/cancel', headers: { authorization: 'Bearer r8_test' } });
  });

  it('treats a poll that never answers as hung: times it out, gives up and cancels', async () => {
    const { base, seen } = await replicate(processingForever(() => true));
    await expect(model(base, { requestTimeoutMs: 50 }).generate(request)).rejects.toThrow('Replicate did not answer GET /v1/predictions/p1');
    expect(seen.filter((s) => s.method === 'GET')).toHaveLength(3);
    expect(seen.at(-1)?.path).toBe('/v1/predictions/p1/cancel');
  });

  it('cancels a prediction that outlives the overall timeout', async () => {
    const { base, seen } = await replicate(processingForever());
    await expect(model(base, { timeoutMs: 30 }).generate(request)).rejects.toThrow('Replicate prediction p1 took longer than 30 ms');
    expect(seen.at(-1)?.path).toBe('/v1/predictions/p1/cancel');
  });

  it('cancels the prediction when the caller aborts, and rejects with the abort reason', async () => {
    const controller = new AbortController();
    const { base, seen } = await replicate(
      processingForever((count) => {
        if (count === 2) controller.abort(new Error('user canceled'));
        return false;
      }),
    );
    await expect(model(base).generate(request, { signal: controller.signal })).rejects.toThrow('user canceled');
    expect(seen.at(-1)).toMatchObject({ method: 'POST', path: '/v1/predictions/p1/cancel' });
  });

  it('refuses a canceled prediction, a success without audio and an output that is not audio', async () => {
    const canceled = await replicate((_req, res, base) => json(res, 201, prediction(base, 'p5', 'canceled')));
    await expect(model(canceled.base).generate(request)).rejects.toThrow('Replicate prediction p5 canceled');
    server?.close();
    const empty = await replicate((_req, res, base) => json(res, 201, prediction(base, 'p6', 'succeeded', { output: null })));
    await expect(model(empty.base).generate(request)).rejects.toThrow('succeeded without an audio URL');
    server?.close();
    const html = await replicate((req, res, base) => {
      if (req.method === 'POST') return json(res, 201, prediction(base, 'p7', 'succeeded', { output: { audio: `${base}/out` } }));
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>not found</html>');
    });
    await expect(model(html.base).generate(request)).rejects.toThrow('Replicate output is not audio');
  });
});

describe('logPercent', () => {
  it("reads the last percentage of MusicGen's progress bars, or null", () => {
    expect(logPercent(' 3%|▎ | 8/250\n 47%|████▋ | 118/250 [00:07<00:07]')).toBe(47);
    expect(logPercent('loading model')).toBeNull();
    expect(logPercent(null)).toBeNull();
  });
});
