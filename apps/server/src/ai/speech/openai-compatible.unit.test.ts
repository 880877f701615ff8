import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeWav } from '../music/wav.ts';
import { createSpeechModel, NoSpeechEngineError } from './index.ts';
import { openAiCompatibleSpeech, providerVoiceName } from './openai-compatible.ts';
import type { SpeechModel, SpeechVoice } from './speech-model.ts';
import { startFakeService, type FakeService } from '../../../test/fake-service.ts';

type Behaviour = 'ok' | 'busy-once' | 'broken' | 'slow' | 'refuse' | 'not-audio';
const WAV = encodeWav(new Float32Array(800).fill(0.1), 16_000);
let behaviour: Behaviour = 'ok';
let requests: Array<{ auth: string | undefined; body: Record<string, unknown> }> = [];
let provider: FakeService;

beforeAll(async () => {
  // speaks the protocol of POST /v1/audio/speech as OpenAI documents it
  provider = await startFakeService((req, raw, res) => {
    if (req.url !== '/v1/audio/speech' || req.method !== 'POST') return res.writeHead(404).end();
    requests.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
    if (behaviour === 'busy-once' && requests.length === 1) return res.writeHead(429, { 'retry-after': '0' }).end('{"error":"busy"}');
    if (behaviour === 'broken') return res.writeHead(500).end('{"error":"boom"}');
    if (behaviour === 'refuse') return res.writeHead(400).end('{"error":"unknown voice"}');
    if (behaviour === 'not-audio') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>');
    if (behaviour === 'slow') return void setTimeout(() => res.writeHead(200).end(WAV), 5000).unref();
    res.writeHead(200, { 'content-type': 'audio/wav' }).end(WAV);
  });
});
afterAll(() => provider.close());
beforeEach(() => {
  requests = [];
  behaviour = 'ok';
});

const voice: SpeechVoice = { voiceId: 'v', engineParams: { engine: 'openai', voice: 'nova' }, settings: { pitch: 0, volume: 1, speed: 1.5 } };
const model = (over: Partial<Parameters<typeof openAiCompatibleSpeech>[0]> = {}) => openAiCompatibleSpeech({ baseUrl: `${provider.url}/`, apiKey: 'sk-test', model: 'tts-1', backoffMs: 5, ...over });

describe('OpenAI-compatible speech', () => {
  it('posts model, input, voice, speed and wav, with the bearer key, and answers the audio', async () => {
    const out = await model().synthesize('Hello', voice);
    expect(out).toMatchObject({ contentType: 'audio/wav', engine: 'OpenAI-compatible speech' });
    expect(out.audio.equals(WAV)).toBe(true);
    expect(requests).toEqual([{ auth: 'Bearer sk-test', body: { model: 'tts-1', input: 'Hello', voice: 'nova', speed: 1.5, response_format: 'wav' } }]);
  });

  it('tries again after 429 and succeeds', async () => {
    behaviour = 'busy-once';
    const out = await model().synthesize('Hello', voice);
    expect(out.audio.equals(WAV)).toBe(true);
    expect(requests).toHaveLength(2);
  });

  it('gives up with a clear error when the provider keeps failing', async () => {
    behaviour = 'broken';
    await expect(model({ retries: 2 }).synthesize('Hello', voice)).rejects.toThrow('the speech provider answered 500; gave up after 3 tries');
    expect(requests).toHaveLength(3);
  });

  it('does not retry a refusal, and refuses an answer that is not audio', async () => {
    behaviour = 'refuse';
    await expect(model().synthesize('Hello', voice)).rejects.toThrow(/refused the request \(400\)/);
    expect(requests).toHaveLength(1);
    behaviour = 'not-audio';
    await expect(model().synthesize('Hello', voice)).rejects.toThrow(/not WAV or MP3/);
  });

  it('retries connection errors, then fails clearly', async () => {
    const dead = openAiCompatibleSpeech({ baseUrl: 'http://127.0.0.1:9', apiKey: null, model: 'tts-1', retries: 1, backoffMs: 5 });
    await expect(dead.synthesize('Hello', voice)).rejects.toThrow(/could not be reached.*gave up after 2 tries/);
  });

  it('stops a slow answer when aborted, and times out on its own', async () => {
    behaviour = 'slow';
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('person left')), 50);
    await expect(model().synthesize('Hello', voice, controller.signal)).rejects.toThrow('person left');
    await expect(model({ timeoutMs: 50 }).synthesize('Hello', voice)).rejects.toThrow(/did not answer within 50 ms/);
  });

  it('maps Starlit voices to provider voice names', () => {
    expect(providerVoiceName({ engine: 'openai', voice: 'alloy' })).toBe('alloy');
    expect(providerVoiceName({ engine: 'clone-service', voiceId: 'vc_123' })).toBe('vc_123');
    expect(providerVoiceName({ engine: 'espeak-ng', voice: 'en-us+f3', pitch: 50, speed: 160 })).toBe('nova');
    expect(providerVoiceName({ engine: 'espeak-ng', voice: 'cmn+m2', pitch: 50, speed: 160 })).toBe('onyx');
  });
});

describe('createSpeechModel', () => {
  const fake = (engine: string, available: boolean): SpeechModel => ({
    engine,
    available: async () => available,
    synthesize: async () => ({ audio: WAV, contentType: 'audio/wav', engine }),
  });
  const espeakVoice: SpeechVoice = { voiceId: 'v', engineParams: { engine: 'espeak-ng', voice: 'en', pitch: 50, speed: 160 }, settings: { pitch: 0, volume: 1, speed: 1 } };

  it('uses the provider when one is configured', async () => {
    const speech = createSpeechModel({ speech: { baseUrl: provider.url, apiKey: null, model: 'tts-1' } });
    expect(speech.engine).toBe('OpenAI-compatible speech');
    expect((await speech.synthesize('Hi', espeakVoice)).engine).toBe('OpenAI-compatible speech');
  });

  it('uses eSpeak otherwise, and says plainly when nothing can speak', async () => {
    expect((await createSpeechModel({ speech: null }, { espeak: fake('eSpeak', true) }).synthesize('Hi', espeakVoice)).engine).toBe('eSpeak');
    const none = createSpeechModel({ speech: null }, { espeak: fake('eSpeak', false) });
    expect(await none.available()).toBe(false);
    await expect(none.synthesize('Hi', espeakVoice)).rejects.toBeInstanceOf(NoSpeechEngineError);
    await expect(none.synthesize('Hi', voice)).rejects.toThrow(/needs SPEECH_BASE_URL/);
  });
});
