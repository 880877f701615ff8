import { espeakSpeech } from '../ai/speech/espeak.ts';
import { SAMPLE_TEXT } from '../modules/voices/voices.service.ts';
import type { Storage } from '../platform/storage.ts';
import { DEMO_VOICES } from './demo-catalogue.ts';

/**
 * Speaks each official voice's sample sentence with eSpeak NG and stores it under
 * `seed/voices/`. Answers null when eSpeak NG is not installed, so the seed goes on without
 * samples (the picker then offers the live preview only).
 */
export async function renderVoiceSamples(storage: Storage): Promise<Map<string, string> | null> {
  const espeak = espeakSpeech();
  if (!(await espeak.available())) return null;
  const samples = new Map<string, string>();
  await Promise.all(
    DEMO_VOICES.map(async (voice) => {
      const text = SAMPLE_TEXT[voice.language];
      const out = await espeak.synthesize(text, { voiceId: voice.slug, engineParams: voice.engineParams, settings: { pitch: 0, volume: 1, speed: 1 } });
      samples.set(voice.slug, await storage.put(`seed/voices/${voice.slug}.wav`, out.audio, out.contentType));
    }),
  );
  return samples;
}
