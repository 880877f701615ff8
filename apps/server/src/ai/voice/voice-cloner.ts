import type { VoiceEngineParams } from '../../db/schema/catalogue.ts';

/** A checked voice clip: its content type (sniffed from its bytes), length and sample rate. */
export interface VoiceClip {
  audio: Buffer;
  contentType: string;
  durationSeconds: number;
  sampleRate: number;
  /** What the person called the voice (an HTTP cloning service stores it). */
  name?: string;
  /** BCP 47 language the clip speaks, e.g. `en` or `zh` (the offline engine picks its base voice by it). */
  language?: string;
}

/** What a cloning engine made of a clip: parameters the speech engine can speak with. */
export interface ClonedVoice {
  engineParams: VoiceEngineParams;
  engine: string;
}

/** Voice cloning (issue 3): an HTTP voice-cloning service, and an offline engine. */
export interface VoiceCloner {
  /** A name people can read, e.g. "Offline voice matcher". */
  readonly engine: string;
  clone(clip: VoiceClip, signal?: AbortSignal): Promise<ClonedVoice>;
}
