import type { Language } from '@starlit/contract';
import type { SpeechVoice } from '../../ai/speech/speech-model.ts';
import type { Handle } from '../../db/client.ts';
import type { AgentVoiceRow } from '../agents/agents.repository.ts';
import { voicesRepository } from './voices.repository.ts';

/** Settings of a voice spoken as it is (no slider moved). */
const PLAIN = { pitch: 0, volume: 1, speed: 1 };

/**
 * The voice an agent speaks with outside a chat (daily tasks, live shows): its own first voice
 * when `own` is given (only where its owner is the one it speaks for: a clone or a bought voice is
 * theirs); otherwise an official voice of its gender, and eSpeak NG's own voice for `lang` when
 * there is no catalogue.
 */
export async function speakingVoice(db: Handle, own: AgentVoiceRow | null, gender: string, lang: Language): Promise<SpeechVoice> {
  if (own?.engineParams) return { voiceId: own.voiceId, engineParams: own.engineParams, settings: { pitch: own.pitch, volume: own.volume, speed: own.speed } };
  const officials = (await voicesRepository(db).officials()).filter((v) => v.engineParams && v.status === 'done');
  const fit = officials.find((v) => v.gender === gender) ?? officials[0];
  if (fit?.engineParams) return { voiceId: fit.id, engineParams: fit.engineParams, settings: PLAIN };
  return { voiceId: 'espeak-default', engineParams: { engine: 'espeak-ng', voice: lang === 'zh_TW' ? 'cmn' : 'en-us', pitch: 50, speed: 160 }, settings: PLAIN };
}
