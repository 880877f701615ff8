import type { VoiceEngineParams } from '../../db/schema/catalogue.ts';

/** How a person tuned a voice with the sliders of SPEC §9. */
export interface VoiceSettings {
  /** Semitones, −12..12 (the pitch slider). */
  pitch: number;
  /** Loudness factor, 0.5..2 (the volume slider). */
  volume: number;
  /** Speaking-rate factor, 0.5..2 (the speed slider). */
  speed: number;
}

/** A voice to speak with: the engine's own parameters plus the person's settings. */
export interface SpeechVoice {
  voiceId: string;
  engineParams: VoiceEngineParams;
  settings: VoiceSettings;
}

/** Spoken audio and which engine made it (the UI says so). */
export interface SpeechResult {
  audio: Buffer;
  contentType: 'audio/wav' | 'audio/mpeg';
  engine: string;
}

/** Text to speech (ARCHITECTURE §5): an OpenAI-compatible adapter, and eSpeak NG offline. */
export interface SpeechModel {
  /** A name people can read, e.g. "eSpeak NG (offline)". */
  readonly engine: string;
  /** Whether this engine can speak here (e.g. eSpeak NG is installed). */
  available(): Promise<boolean>;
  synthesize(text: string, voice: SpeechVoice, signal?: AbortSignal): Promise<SpeechResult>;
}
