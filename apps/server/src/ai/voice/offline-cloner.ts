import type { EspeakVoiceParams } from '../../db/schema/catalogue.ts';
import { decodeToMono } from './pcm.ts';
import { analyseVoice, type VoiceAnalysis } from './voice-analysis.ts';
import type { ClonedVoice, VoiceClip, VoiceCloner } from './voice-cloner.ts';

/** The name the UI shows for voices cloned offline: it matches pitch and pace, not timbre. */
const OFFLINE_CLONER_ENGINE = 'Offline voice matcher (eSpeak NG: pitch and pace only)';

// below this median pitch a voice is heard as male, above it as female
const GENDER_SPLIT_HZ = 165;
// English averages about 1.4 syllables a word; Mandarin is one syllable a character and
// eSpeak counts those as words, so its rate is per syllable
const SYLLABLES_PER_WORD: Record<string, number> = { en: 1.4, zh: 1 };
const clamp = (value: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, value)));

/**
 * eSpeak NG parameters that sound closest to what was heard. eSpeak's pitch 50 is about
 * 120 Hz for its male variants and 210 Hz for its female ones, moving roughly 1.6 Hz and
 * 2.5 Hz per unit; words per minute come from syllables per second.
 */
export function espeakParamsFor(analysis: VoiceAnalysis, language: string): EspeakVoiceParams {
  const base = language === 'zh' ? 'cmn' : 'en-us';
  const male = analysis.pitchHz < GENDER_SPLIT_HZ;
  const variant = male ? (analysis.pitchHz < 105 ? 'm3' : 'm1') : analysis.pitchHz > 240 ? 'f2' : 'f3';
  const pitch = male ? 50 + (analysis.pitchHz - 120) / 1.6 : 50 + (analysis.pitchHz - 210) / 2.5;
  const perWord = SYLLABLES_PER_WORD[language] ?? SYLLABLES_PER_WORD.en;
  return {
    engine: 'espeak-ng',
    voice: `${base}+${variant}`,
    pitch: clamp(pitch, 0, 99),
    speed: clamp((analysis.syllablesPerSecond * 60) / perWord, 80, 450),
  };
}

/**
 * An honest offline cloner: it measures the speaker's pitch and speaking rate and picks the
 * eSpeak NG voice and prosody closest to them. It cannot copy a timbre, and says so in its name.
 */
export function offlineVoiceCloner(): VoiceCloner {
  return {
    engine: OFFLINE_CLONER_ENGINE,
    async clone(clip: VoiceClip, signal?: AbortSignal): Promise<ClonedVoice> {
      const { samples, sampleRate } = await decodeToMono(clip.audio, clip.contentType, { signal });
      const analysis = analyseVoice(samples, sampleRate);
      return { engineParams: espeakParamsFor(analysis, clip.language ?? 'en'), engine: OFFLINE_CLONER_ENGINE };
    },
  };
}
