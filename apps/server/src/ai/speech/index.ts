import { espeakSpeech } from './espeak.ts';
import { openAiCompatibleSpeech } from './openai-compatible.ts';
import type { SpeechModel, SpeechVoice } from './speech-model.ts';

export type { SpeechModel, SpeechResult, SpeechVoice, VoiceSettings } from './speech-model.ts';
export { OPENAI_SPEECH_ENGINE } from './openai-compatible.ts';

/** The speech part of the server config (SPEECH_* variables). */
export interface SpeechConfig {
  speech: { baseUrl: string; apiKey: string | null; model: string } | null;
}

/** Thrown when neither eSpeak NG nor a provider can speak here; the service says so plainly. */
export class NoSpeechEngineError extends Error {
  constructor() {
    super('No speech engine is available on this server: install espeak-ng or set SPEECH_BASE_URL');
  }
}

/**
 * The server's speech engine. With SPEECH_BASE_URL set, every voice speaks through the
 * OpenAI-compatible endpoint (eSpeak voices with a stand-in provider voice); without it,
 * eSpeak NG speaks the eSpeak voices, and provider or cloned-service voices cannot speak.
 */
export function createSpeechModel(config: SpeechConfig, engines: { espeak?: SpeechModel; provider?: SpeechModel | null } = {}): SpeechModel {
  const espeak = engines.espeak ?? espeakSpeech();
  const provider = engines.provider !== undefined ? engines.provider : config.speech ? openAiCompatibleSpeech(config.speech) : null;
  const pick = async (voice: SpeechVoice): Promise<SpeechModel> => {
    if (provider) return provider;
    if (voice.engineParams.engine === 'espeak-ng' && (await espeak.available())) return espeak;
    if (voice.engineParams.engine !== 'espeak-ng') throw new Error(`a ${voice.engineParams.engine} voice needs SPEECH_BASE_URL (an OpenAI-compatible speech endpoint)`);
    throw new NoSpeechEngineError();
  };
  return {
    engine: provider ? provider.engine : espeak.engine,
    async available() {
      return provider ? provider.available() : espeak.available();
    },
    async synthesize(text, voice, signal) {
      return (await pick(voice)).synthesize(text, voice, signal);
    },
  };
}
