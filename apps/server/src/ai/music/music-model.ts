/** Shortest and longest piece any engine is asked for, in seconds (MusicGen's hosted models stop near 3 minutes). */
export const MUSIC_SECONDS = { min: 10, max: 180 } as const;

/** What to compose: free words, a length and a seed for repeatable results. */
export interface MusicRequest {
  /** Free text such as "slow sad piano at 70 bpm"; genre, mood and tempo words are read from it. */
  description: string;
  /** Free words added to the description, e.g. "lofi hip hop". */
  genre?: string;
  /** Free words added to the description, e.g. "melancholic". */
  mood?: string;
  /** Length in seconds, within {@link MUSIC_SECONDS}. */
  seconds: number;
  /** No singing; the offline composer only ever plays instruments. */
  instrumental: boolean;
  seed: number;
  /** Container of the result; WAV when absent. */
  format?: 'wav' | 'mp3';
}

/** How far a job has come: the provider's percentage where it gives one, otherwise a named stage. */
export interface MusicProgress {
  stage: 'queued' | 'composing' | 'encoding' | 'downloading' | 'done';
  /** 0–100, or null when the engine cannot tell. */
  percent: number | null;
}

export interface MusicGenerateOptions {
  signal?: AbortSignal;
  onProgress?: (progress: MusicProgress) => void;
}

/** Settings a piece was made with; stored with the work so "the same style" can reuse them. */
export type MusicSettings = Record<string, string | number | boolean | string[]>;

/** A finished piece, its waveform picture and which engine made it (the UI says so). */
export interface MusicResult {
  audio: Buffer;
  contentType: 'audio/wav' | 'audio/mpeg';
  /** A PNG of the piece's waveform. */
  waveform: Buffer;
  seconds: number;
  engine: string;
  settings: MusicSettings;
}

/** Text to music (issue 11, text2Music). */
export interface MusicModel {
  readonly engine: string;
  generate(request: MusicRequest, options?: MusicGenerateOptions): Promise<MusicResult>;
}

/** A provider answered, but not with music; the job records the reason and may retry. */
export class MusicProviderError extends Error {}

/** The words of a request as one text, the way both engines read them. */
export function requestText(request: Pick<MusicRequest, 'description' | 'genre' | 'mood'>): string {
  return [request.genre, request.mood, request.description].filter((part) => part?.trim()).join(', ');
}

/** The length clamped to {@link MUSIC_SECONDS}. */
export function clampSeconds(seconds: number): number {
  return Math.round(Math.min(MUSIC_SECONDS.max, Math.max(MUSIC_SECONDS.min, seconds)));
}
