import { httpVoiceCloner } from './http-cloner.ts';
import { offlineVoiceCloner } from './offline-cloner.ts';
import type { VoiceCloner } from './voice-cloner.ts';

export type { ClonedVoice, VoiceClip, VoiceCloner } from './voice-cloner.ts';

/** The server's cloning engine: the HTTP service when VOICE_CLONE_URL is set, else the offline matcher. */
export function createVoiceCloner(config: { voiceClone: { url: string; apiKey: string | null } | null }): VoiceCloner {
  return config.voiceClone ? httpVoiceCloner(config.voiceClone) : offlineVoiceCloner();
}
