import { z } from 'zod';
import { retryAfterMs, sleep, withRetries } from '../retry.ts';
import { sniffAudioType } from '../voice/audio-probe.ts';
import { decodeAudio, encodeMp3, waveformPng } from './encode.ts';
import { clampSeconds, MusicProviderError, type MusicModel, type MusicProgress, type MusicSettings, requestText } from './music-model.ts';
import { encodeWav } from './wav.ts';

export interface ReplicateMusicOptions {
  /** https://api.replicate.com, or a stand-in in tests. */
  apiUrl: string;
  token: string;
  /**
   * "owner/name" runs the model's current version (official models such as meta/musicgen);
   * "owner/name:version" or a bare 64-hex version id pins one version.
   */
  model: string;
  /** Seconds (1–60) the create request may block waiting for the result ("Prefer: wait"); null polls from the start. */
  preferWaitSeconds?: number | null;
  /** The longest one HTTP request may take before it counts as hung. */
  requestTimeoutMs?: number;
  /** The longest a whole prediction may take; then it is canceled and fails. */
  timeoutMs?: number;
  /** First wait between polls; each wait is half again as long, up to {@link maxPollMs}. */
  firstPollMs?: number;
  maxPollMs?: number;
}

/** A prediction as the API answers it. */
const Prediction = z.object({
  id: z.string().min(1),
  status: z.enum(['starting', 'processing', 'succeeded', 'failed', 'canceled', 'aborted']),
  output: z.unknown().optional(),
  error: z.unknown().optional(),
  logs: z.string().nullish(),
  urls: z.object({ get: z.string().optional(), cancel: z.string().optional() }).partial().nullish(),
});
type Prediction = z.infer<typeof Prediction>;

const VERSION_ID = /^[0-9a-f]{64}$/;
// failed polls in a row before the prediction is given up: one hiccup should not fail a song
const POLL_FAILURES = 3;
const RATE_LIMIT_RETRIES = 2;
const MAX_AUDIO_BYTES = 64 * 1024 * 1024;

/** A request that did not answer in time or not at all: worth polling again. */
class Transient extends MusicProviderError {
  constructor(
    message: string,
    readonly waitMs: number | null = null,
  ) {
    super(message);
  }
}

/** The message of Replicate's error JSON ({"title", "detail", "status"}) or the start of the text. */
function errorMessage(status: number, text: string): string {
  let reason = text.slice(0, 200);
  try {
    const body = JSON.parse(text) as { detail?: unknown; title?: unknown };
    if (typeof body.detail === 'string') reason = body.detail;
    else if (typeof body.title === 'string') reason = body.title;
  } catch {
    // not JSON: a proxy's error page, kept as text
  }
  return `Replicate answered HTTP ${status}: ${reason}`;
}

/** The provider's own percentage from MusicGen-style progress bars in the logs ("  45%|████ "), the last one written. */
export function logPercent(logs: string | null | undefined): number | null {
  const all = [...(logs ?? '').matchAll(/(\d{1,3})%\|/g)];
  const last = all.at(-1);
  return last ? Math.min(100, Number(last[1])) : null;
}

/** The first audio URL in a prediction's output: a URL, a list of them, or an object holding one. */
function outputUrl(output: unknown): string | null {
  if (typeof output === 'string') return /^https?:\/\//.test(output) ? output : null;
  if (Array.isArray(output)) return output.map(outputUrl).find((url) => url !== null) ?? null;
  if (output && typeof output === 'object')
    return (
      Object.values(output)
        .map(outputUrl)
        .find((url) => url !== null) ?? null
    );
  return null;
}

/**
 * Text to music on Replicate's predictions API (https://replicate.com/docs/reference/http):
 * create a prediction, poll it with growing waits until it succeeds, fails or is canceled,
 * then fetch its output file. An abort or the overall timeout cancels the prediction so it
 * stops costing money. The input is MusicGen's (prompt, duration, seed, output_format).
 */
export function replicateMusicModel(options: ReplicateMusicOptions): MusicModel {
  const api = options.apiUrl.replace(/\/+$/, '');
  const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? 10 * 60_000;
  const firstPollMs = options.firstPollMs ?? 1000;
  const maxPollMs = options.maxPollMs ?? 5000;
  const auth = { authorization: `Bearer ${options.token}` };
  const [modelName, pinned] = VERSION_ID.test(options.model) ? [null, options.model] : options.model.split(':', 2);
  const createUrl = pinned ? `${api}/v1/predictions` : `${api}/v1/models/${modelName}/predictions`;
  const engine = `${modelName ?? options.model.slice(0, 12)} (Replicate)`;

  /** One HTTP exchange, bounded by `timeout` as well as the caller's signal. */
  async function exchange(url: string, init: RequestInit, signal: AbortSignal | undefined, timeout = requestTimeoutMs): Promise<Response> {
    const bounded = AbortSignal.any([AbortSignal.timeout(timeout), ...(signal ? [signal] : [])]);
    try {
      return await fetch(url, { ...init, signal: bounded });
    } catch (err) {
      // the caller's own abort is passed on as it is; anything else is the network or the clock
      if (signal?.aborted) throw signal.reason;
      throw new Transient(`Replicate did not answer ${init.method ?? 'GET'} ${new URL(url).pathname}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async function readPrediction(res: Response): Promise<Prediction> {
    const text = await res.text();
    if (res.status === 429) throw new Transient(errorMessage(res.status, text), retryAfterMs(res.headers.get('retry-after')) ?? 1000);
    if (res.status >= 500) throw new Transient(errorMessage(res.status, text));
    if (!res.ok) throw new MusicProviderError(errorMessage(res.status, text));
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new MusicProviderError('Replicate answered with malformed JSON');
    }
    const parsed = Prediction.safeParse(json);
    if (!parsed.success) throw new MusicProviderError('Replicate answered without a prediction');
    return parsed.data;
  }

  /** Asks Replicate to stop a prediction; best effort, since the caller is already failing. */
  async function cancel(prediction: Prediction) {
    const url = prediction.urls?.cancel ?? `${api}/v1/predictions/${encodeURIComponent(prediction.id)}/cancel`;
    try {
      const res = await exchange(url, { method: 'POST', headers: auth }, undefined);
      await res.body?.cancel();
    } catch {
      // the prediction then runs to its own end; nothing more can be done from here
    }
  }

  async function download(url: string, signal: AbortSignal | undefined): Promise<Buffer> {
    // files served by the API itself need the token; delivery CDNs must not be sent it
    const headers = new URL(url).origin === new URL(api).origin ? auth : {};
    const res = await exchange(url, { headers }, signal, Math.max(requestTimeoutMs, 120_000));
    if (!res.ok) throw new MusicProviderError(`Replicate output answered HTTP ${res.status}`);
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > MAX_AUDIO_BYTES) throw new MusicProviderError('Replicate output is too large');
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length === 0 || bytes.length > MAX_AUDIO_BYTES) throw new MusicProviderError('Replicate output is empty or too large');
    return bytes;
  }

  return {
    engine,
    async generate(request, generateOptions = {}) {
      const { signal, onProgress } = generateOptions;
      const report = (progress: MusicProgress) => onProgress?.(progress);
      const seconds = clampSeconds(request.seconds);
      const prompt = `${requestText(request)}${request.instrumental ? ', instrumental, no vocals' : ''}`;
      const input = { prompt, duration: seconds, seed: request.seed, output_format: request.format ?? 'wav', normalization_strategy: 'peak' };
      // no webhook: polling reads the same logs, and a delivery would need a public receiver (docs/creation.md)
      const body = { ...(pinned ? { version: pinned } : {}), input };
      const preferWait: Record<string, string> = options.preferWaitSeconds ? { prefer: `wait=${Math.min(60, Math.max(1, Math.round(options.preferWaitSeconds)))}` } : {};
      report({ stage: 'queued', percent: null });

      // creating is retried only on 429: after a 5xx the prediction may exist and would run twice
      let prediction = await withRetries(
        async () =>
          readPrediction(
            await exchange(
              createUrl,
              { method: 'POST', headers: { ...auth, 'content-type': 'application/json', ...preferWait }, body: JSON.stringify(body) },
              signal,
              requestTimeoutMs + (options.preferWaitSeconds ?? 0) * 1000,
            ),
          ),
        { retries: RATE_LIMIT_RETRIES, signal, retryDelay: (err) => (err instanceof Transient && err.waitMs !== null ? err.waitMs : null) },
      );

      const deadline = Date.now() + timeoutMs;
      let wait = firstPollMs;
      let failures = 0;
      try {
        while (prediction.status === 'starting' || prediction.status === 'processing') {
          report(prediction.status === 'starting' ? { stage: 'queued', percent: null } : { stage: 'composing', percent: logPercent(prediction.logs) });
          if (Date.now() >= deadline) throw new MusicProviderError(`Replicate prediction ${prediction.id} took longer than ${timeoutMs} ms`);
          await sleep(Math.min(wait, Math.max(0, deadline - Date.now())), signal);
          wait = Math.min(maxPollMs, wait * 1.5);
          try {
            prediction = await readPrediction(await exchange(prediction.urls?.get ?? `${api}/v1/predictions/${encodeURIComponent(prediction.id)}`, { headers: auth }, signal));
            failures = 0;
          } catch (err) {
            if (!(err instanceof Transient) || ++failures >= POLL_FAILURES) throw err;
            if (err.waitMs !== null) wait = Math.max(wait, err.waitMs);
          }
        }
      } catch (err) {
        await cancel(prediction);
        throw err;
      }

      if (prediction.status !== 'succeeded') {
        const reason = typeof prediction.error === 'string' && prediction.error ? prediction.error : prediction.status;
        throw new MusicProviderError(`Replicate prediction ${prediction.id} ${prediction.status}: ${reason.slice(0, 300)}`);
      }
      const url = outputUrl(prediction.output);
      if (!url) throw new MusicProviderError(`Replicate prediction ${prediction.id} succeeded without an audio URL`);
      report({ stage: 'downloading', percent: 100 });
      const file = await download(url, signal);
      const type = sniffAudioType(file);
      if (type === null) throw new MusicProviderError('Replicate output is not audio');

      report({ stage: 'encoding', percent: 100 });
      const decoded = await decodeAudio(file, signal);
      const settings: MusicSettings = {
        description: request.description,
        ...(request.genre ? { genreWords: request.genre } : {}),
        ...(request.mood ? { moodWords: request.mood } : {}),
        seconds,
        seed: request.seed,
        instrumental: request.instrumental,
        model: options.model,
        prompt,
        prediction: prediction.id,
      };
      // the asked container is honoured whatever the model wrote
      const wantMp3 = request.format === 'mp3';
      let audio = file;
      if (wantMp3 && type !== 'audio/mpeg') audio = await encodeMp3(decoded.samples, decoded.sampleRate, { comment: JSON.stringify({ engine, ...settings }) }, signal);
      if (!wantMp3 && type !== 'audio/wav') audio = encodeWav(decoded.samples, decoded.sampleRate);
      const waveform = await waveformPng(decoded.samples);
      report({ stage: 'done', percent: 100 });
      return { audio, contentType: wantMp3 ? 'audio/mpeg' : 'audio/wav', waveform, seconds: decoded.samples.length / decoded.sampleRate, engine, settings };
    },
  };
}
