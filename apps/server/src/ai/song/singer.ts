import type { EspeakVoiceParams } from '../../db/schema/catalogue.ts';
import { frequency } from '../music/composer.ts';
import { decodeAudio } from '../music/encode.ts';
import { encodeWav } from '../music/wav.ts';
import { espeakArguments } from '../speech/espeak.ts';
import { providerVoiceName } from '../speech/openai-compatible.ts';
import { runProcess } from '../speech/run-process.ts';
import { espeakVoiceIn } from '../speech/voice-language.ts';
import type { SpeechVoice } from '../speech/speech-model.ts';
import { sniffAudioType } from '../voice/audio-probe.ts';
import { decodeWav } from '../voice/pcm.ts';
import type { SongLang } from './lyrics.ts';
import type { Melody } from './melody.ts';
import { analyseSyllable, type Syllable, singSyllable } from './psola.ts';

export interface SingRequest {
  melody: Melody;
  voice: SpeechVoice;
  lang: SongLang;
}

export interface Singer {
  readonly engine: string;
  /** The sung vocal alone, as long as the melody, as a WAV file. */
  sing(req: SingRequest, signal?: AbortSignal): Promise<{ audio: Buffer; engine: string }>;
}

export const OFFLINE_SINGER_ENGINE = 'eSpeak NG singer (offline)';
export const HTTP_SINGER_ENGINE = 'Singing-voice service';

const SAMPLE_RATE = 22_050;
// one syllable; anything longer is eSpeak reading something it should not
const MAX_SYLLABLE_BYTES = 5 * SAMPLE_RATE * 2;
// a sung syllable is drawn out: a slow rate gives the vowel more periods to repeat
const SINGING_WPM = 110;
const RELEASE_SECONDS = 0.06;
const ATTACK_SECONDS = 0.012;
const VIBRATO_SEMITONES = 0.12;
const PARALLEL_SYLLABLES = 4;

/**
 * The eSpeak voice that sings in `lang`: the person's own voice moved into that language
 * (espeakVoiceIn), a provider's voice as the eSpeak voice of its kind, at the singing pace.
 */
export function singingVoice(voice: SpeechVoice, lang: SongLang): EspeakVoiceParams {
  const params =
    voice.engineParams.engine === 'espeak-ng'
      ? voice.engineParams
      : { engine: 'espeak-ng' as const, voice: providerVoiceName(voice.engineParams) === 'nova' ? 'en-us+f3' : 'en-us+m3', pitch: 50, speed: 160 };
  return { ...espeakVoiceIn(params, lang), speed: SINGING_WPM };
}

/** Runs `work` over `items` with at most `limit` at a time, keeping their order. */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The offline singer: eSpeak NG speaks each distinct syllable once (a chorus sung twice costs
 * nothing more), TD-PSOLA moves it to its note's pitch and draws it out to the note's length,
 * and every note is placed at its start time, shaped by a short attack and a release that
 * leaves a breath before the next one.
 */
export function offlineSinger(): Singer {
  return {
    engine: OFFLINE_SINGER_ENGINE,
    async sing({ melody, voice, lang }, signal) {
      const params = singingVoice(voice, lang);
      const args = espeakArguments(params, { ...voice.settings, speed: 1 });
      const texts = [...new Set(melody.notes.map((n) => n.text))];
      const spoken = await mapLimited(texts, PARALLEL_SYLLABLES, async (text): Promise<Syllable> => {
        const out = await runProcess('espeak-ng', args, { input: text, timeoutMs: 10_000, signal, maxOutputBytes: MAX_SYLLABLE_BYTES });
        if (out.code !== 0) throw new Error(`espeak-ng failed (exit ${out.code}): ${out.stderr.trim()}`);
        const { samples, sampleRate } = decodeWav(out.stdout);
        if (sampleRate !== SAMPLE_RATE) throw new Error(`espeak-ng spoke at ${sampleRate} Hz, not ${SAMPLE_RATE}`);
        return analyseSyllable(samples, sampleRate);
      });
      const syllables = new Map(texts.map((text, i) => [text, spoken[i]]));
      const out = new Float32Array(Math.ceil(melody.seconds * SAMPLE_RATE));
      const attack = ATTACK_SECONDS * SAMPLE_RATE;
      for (const note of melody.notes) {
        signal?.throwIfAborted();
        const length = Math.max(1, Math.round(note.seconds * SAMPLE_RATE));
        const release = Math.min(RELEASE_SECONDS * SAMPLE_RATE, length / 3);
        const sung = singSyllable(syllables.get(note.text) as Syllable, frequency(note.midi), length, VIBRATO_SEMITONES);
        const first = Math.round(note.start * SAMPLE_RATE);
        for (let i = 0; i < sung.length && first + i < out.length; i++) {
          // the release ends before the note does: the gap makes the next note a new onset
          const envelope = Math.max(0, Math.min(1, i / attack, (length - release * 0.5 - i) / release));
          out[first + i] += sung[i] * envelope;
        }
      }
      let peak = 0;
      for (const s of out) peak = Math.max(peak, Math.abs(s));
      if (peak > 0) for (let i = 0; i < out.length; i++) out[i] *= 0.9 / peak;
      return { audio: encodeWav(out, SAMPLE_RATE), engine: OFFLINE_SINGER_ENGINE };
    },
  };
}

/**
 * A singing-voice service over HTTP (protocol in docs/daily-tasks-song.md): `POST {url}` with
 * JSON `{lyrics, notes, bpm, language, voice}` answered by audio bytes (WAV or MP3), or by an
 * error status with a JSON `{error}`. An MP3 answer is decoded to WAV so callers get one format.
 */
export function httpSinger(config: { url: string; apiKey?: string; timeoutMs?: number }): Singer {
  const timeoutMs = config.timeoutMs ?? 300_000;
  return {
    engine: HTTP_SINGER_ENGINE,
    async sing({ melody, voice, lang }, signal) {
      const body = JSON.stringify({
        lyrics: melody.lines.map((l) => l.text),
        notes: melody.notes.map(({ start, seconds, midi, text }) => ({ start, seconds, midi, text })),
        bpm: melody.bpm,
        seconds: melody.seconds,
        language: lang,
        voice: { id: voice.voiceId, name: providerVoiceName(voice.engineParams), pitch: voice.settings.pitch },
      });
      const timeout = AbortSignal.timeout(timeoutMs);
      let res: Response;
      try {
        res = await fetch(config.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'audio/wav, audio/mpeg', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
          body,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        if (timeout.aborted) throw new Error(`the singing service did not answer within ${timeoutMs} ms`);
        throw new Error(`the singing service could not be reached: ${(err as Error).message}`);
      }
      let bytes: Buffer;
      try {
        bytes = Buffer.from(await res.arrayBuffer());
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        if (timeout.aborted) throw new Error(`the singing service did not answer within ${timeoutMs} ms`);
        throw new Error(`the connection to the singing service was lost: ${(err as Error).message}`);
      }
      if (!res.ok) throw new Error(`the singing service failed (${res.status}): ${errorMessage(bytes)}`);
      const type = sniffAudioType(bytes);
      if (type === 'audio/wav') return { audio: bytes, engine: HTTP_SINGER_ENGINE };
      if (type !== 'audio/mpeg') throw new Error(`the singing service answered without audio: ${errorMessage(bytes)}`);
      const decoded = await decodeAudio(bytes, signal);
      return { audio: encodeWav(decoded.samples, decoded.sampleRate), engine: HTTP_SINGER_ENGINE };
    },
  };
}

/** The message of an error answer: `{"error": "…"}` or `{"error": {"message": "…"}}`, else its first characters. */
function errorMessage(bytes: Buffer): string {
  const text = bytes.toString('utf8', 0, 2000);
  try {
    const { error } = JSON.parse(text) as { error?: string | { message?: string } };
    const message = typeof error === 'string' ? error : error?.message;
    if (message) return message.slice(0, 300);
  } catch {
    // not JSON: the text itself says what went wrong
  }
  return text.slice(0, 300);
}

/** The singing service when SINGER_URL is set, else the offline eSpeak NG singer. */
export function createSinger(config: { url?: string; apiKey?: string }): Singer {
  return config.url ? httpSinger({ url: config.url, apiKey: config.apiKey }) : offlineSinger();
}
