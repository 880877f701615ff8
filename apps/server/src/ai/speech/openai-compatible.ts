import type { VoiceEngineParams } from '../../db/schema/catalogue.ts';
import { retryAfterMs, withRetries } from '../retry.ts';
import type { SpeechModel, SpeechResult, SpeechVoice } from './speech-model.ts';

/** The name the UI shows for speech made by an OpenAI-compatible endpoint. */
export const OPENAI_SPEECH_ENGINE = 'OpenAI-compatible speech';

export interface OpenAiSpeechOptions {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** Tries after the first one for 429, 5xx and connection errors. */
  retries?: number;
  /** First wait between tries; it doubles each time. */
  backoffMs?: number;
  timeoutMs?: number;
}

// eSpeak voices have no provider name; their variant says which kind of voice fits
const FEMALE_STAND_IN = 'nova';
const MALE_STAND_IN = 'onyx';

/** The provider's voice name for a Starlit voice. */
export function providerVoiceName(params: VoiceEngineParams): string {
  if (params.engine === 'openai') return params.voice;
  if (params.engine === 'clone-service') return params.voiceId;
  return /\+f\d*$/.test(params.voice) ? FEMALE_STAND_IN : MALE_STAND_IN;
}

/** A failure worth another try: the provider is busy, broken for now, or unreachable. */
class Retryable extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

function sniffAudio(bytes: Buffer): SpeechResult['contentType'] | null {
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WAVE') return 'audio/wav';
  if (bytes.length >= 3 && (bytes.toString('ascii', 0, 3) === 'ID3' || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0))) return 'audio/mpeg';
  return null;
}

/** Speech through `POST {baseUrl}/v1/audio/speech` (OpenAI, LocalAI, openedai-speech, vLLM…). */
export function openAiCompatibleSpeech(options: OpenAiSpeechOptions): SpeechModel {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/v1/audio/speech`;
  const retries = options.retries ?? 3;
  const backoffMs = options.backoffMs ?? 500;
  const timeoutMs = options.timeoutMs ?? 60_000;

  async function once(body: string, signal?: AbortSignal): Promise<SpeechResult> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
        body,
        signal: combined,
      });
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) throw new Error(`the speech provider did not answer within ${timeoutMs} ms`);
      throw new Retryable(`the speech provider could not be reached: ${(err as Error).message}`);
    }
    if (res.status === 429 || res.status >= 500) {
      await res.body?.cancel();
      // a zero wait would hammer a busy provider: the usual backoff applies instead
      throw new Retryable(`the speech provider answered ${res.status}`, retryAfterMs(res.headers.get('retry-after')) || null);
    }
    if (!res.ok) throw new Error(`the speech provider refused the request (${res.status}): ${(await res.text()).slice(0, 300)}`);
    const audio = Buffer.from(await res.arrayBuffer());
    const contentType = sniffAudio(audio);
    if (!contentType) throw new Error('the speech provider answered something that is not WAV or MP3 audio');
    return { audio, contentType, engine: OPENAI_SPEECH_ENGINE };
  }

  return {
    engine: OPENAI_SPEECH_ENGINE,
    async available() {
      return true;
    },
    async synthesize(text: string, voice: SpeechVoice, signal?: AbortSignal) {
      // the endpoint has no pitch or volume; speed is the one setting it takes
      const body = JSON.stringify({ model: options.model, input: text, voice: providerVoiceName(voice.engineParams), speed: voice.settings.speed, response_format: 'wav' });
      return withRetries(() => once(body, signal), {
        retries,
        signal,
        retryDelay: (err, attempt) => (err instanceof Retryable ? (err.retryAfterMs ?? backoffMs * 2 ** attempt) : null),
        giveUp: (err, tries) => new Error(`${(err as Retryable).message}; gave up after ${tries} tries`),
      });
    },
  };
}
