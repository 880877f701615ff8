import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { voiceWav } from '../../../test/voice-clips.ts';
import { httpVoiceCloner } from './http-cloner.ts';
import { createVoiceCloner } from './index.ts';

type Seen = { auth: string | undefined; contentType: string | undefined; audio: Buffer | null; name: string | null };
let answer: { status: number; body: string; delayMs?: number } = { status: 200, body: '{"voice_id":"vc_42"}' };
let seen: Seen[] = [];
let server: http.Server;
let url: string;

beforeAll(async () => {
  // the protocol of docs/decisions/0009: multipart audio + name in, {"voice_id"} out
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = await new Request('http://x/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: Buffer.concat(chunks) }).formData();
    const audio = form.get('audio');
    seen.push({
      auth: req.headers.authorization,
      contentType: audio instanceof Blob ? audio.type : undefined,
      audio: audio instanceof Blob ? Buffer.from(await audio.arrayBuffer()) : null,
      name: typeof form.get('name') === 'string' ? (form.get('name') as string) : null,
    });
    const send = () => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/clone`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
  answer = { status: 200, body: '{"voice_id":"vc_42"}' };
});

const clip = { audio: voiceWav({ seconds: 3, sampleRate: 22_050 }), contentType: 'audio/wav', durationSeconds: 3, sampleRate: 22_050, name: 'My voice' };

describe('HTTP voice cloner', () => {
  it('posts the clip and its name with the key, and answers a clone-service voice', async () => {
    const cloned = await httpVoiceCloner({ url, apiKey: 'k-1' }).clone(clip);
    expect(cloned).toEqual({ engineParams: { engine: 'clone-service', voiceId: 'vc_42' }, engine: 'Voice-cloning service' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ auth: 'Bearer k-1', contentType: 'audio/wav', name: 'My voice' });
    expect(seen[0].audio!.equals(clip.audio)).toBe(true);
  });

  it('says why when the service refuses or answers nonsense', async () => {
    answer = { status: 422, body: '{"error":"too noisy"}' };
    await expect(httpVoiceCloner({ url, apiKey: null }).clone(clip)).rejects.toThrow(/refused the clip \(422\).*too noisy/);
    answer = { status: 200, body: '{"id":"x"}' };
    await expect(httpVoiceCloner({ url, apiKey: null }).clone(clip)).rejects.toThrow(/without a voice_id/);
  });

  it('gives up on a slow service and on an unreachable one', async () => {
    answer = { status: 200, body: '{"voice_id":"late"}', delayMs: 2000 };
    await expect(httpVoiceCloner({ url, apiKey: null, timeoutMs: 50 }).clone(clip)).rejects.toThrow(/did not answer within 50 ms/);
    await expect(httpVoiceCloner({ url: 'http://127.0.0.1:9/clone', apiKey: null }).clone(clip)).rejects.toThrow(/could not be reached/);
  });

  it('is chosen when VOICE_CLONE_URL is set, the offline matcher otherwise', () => {
    expect(createVoiceCloner({ voiceClone: { url, apiKey: null } }).engine).toBe('Voice-cloning service');
    expect(createVoiceCloner({ voiceClone: null }).engine).toMatch(/Offline voice matcher/);
  });
});
