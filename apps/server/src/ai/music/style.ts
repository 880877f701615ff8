import type { Mode, Timbre } from './composer.ts';

/** Which groove the drums play, if any. */
export type DrumPattern = 'none' | 'rock' | 'four-on-the-floor' | 'boom-bap' | 'brushes';

/** What the description asks of the offline composer. */
export interface MusicStyle {
  genre: string;
  bpm: number;
  mode: Mode;
  /** Lead voice (arpeggio and melody). */
  lead: Timbre;
  /** Held chords under the lead, or null for none. */
  pad: Timbre | null;
  drums: DrumPattern;
  /** 0 (quiet, sparse) to 1 (loud, dense): note density, drum fills and dynamics. */
  energy: number;
}

interface Genre {
  words: string[];
  style: MusicStyle;
}

// Each genre's defaults; explicit tempo, mood and instrument words override them.
const GENRES: Genre[] = [
  { words: ['metal', 'punk', '金屬', '龐克'], style: { genre: 'metal', bpm: 160, mode: 'minor', lead: 'saw', pad: 'organ', drums: 'rock', energy: 1 } },
  { words: ['rock', 'guitar', '搖滾', '吉他'], style: { genre: 'rock', bpm: 128, mode: 'minor', lead: 'saw', pad: 'organ', drums: 'rock', energy: 0.85 } },
  {
    words: ['edm', 'techno', 'house', 'disco', 'dance', 'club', 'electronic', 'trance', '電子', '舞曲'],
    style: { genre: 'electronic', bpm: 124, mode: 'minor', lead: 'saw', pad: 'strings', drums: 'four-on-the-floor', energy: 0.85 },
  },
  {
    words: ['hip hop', 'hip-hop', 'hiphop', 'trap', 'lofi', 'lo-fi', 'boom bap', '嘻哈', '饒舌'],
    style: { genre: 'hip hop', bpm: 88, mode: 'minor', lead: 'piano', pad: 'soft', drums: 'boom-bap', energy: 0.6 },
  },
  { words: ['jazz', 'swing', 'bossa', '爵士'], style: { genre: 'jazz', bpm: 112, mode: 'major', lead: 'piano', pad: 'organ', drums: 'brushes', energy: 0.5 } },
  { words: ['ambient', 'meditation', 'drone', 'space', '冥想', '氛圍'], style: { genre: 'ambient', bpm: 66, mode: 'pentatonic', lead: 'bell', pad: 'strings', drums: 'none', energy: 0.15 } },
  {
    words: ['classical', 'orchestra', 'cinematic', 'film', 'epic', '古典', '管弦', '史詩'],
    style: { genre: 'cinematic', bpm: 84, mode: 'minor', lead: 'strings', pad: 'strings', drums: 'none', energy: 0.5 },
  },
  { words: ['folk', 'acoustic', 'country', '民謠'], style: { genre: 'folk', bpm: 100, mode: 'major', lead: 'pluck', pad: 'soft', drums: 'brushes', energy: 0.45 } },
  { words: ['chinese', 'oriental', 'guzheng', '中國風', '古風'], style: { genre: 'oriental', bpm: 80, mode: 'pentatonic', lead: 'pluck', pad: 'soft', drums: 'none', energy: 0.35 } },
  { words: ['lullaby', 'music box', '搖籃曲', '音樂盒'], style: { genre: 'lullaby', bpm: 72, mode: 'major', lead: 'bell', pad: 'soft', drums: 'none', energy: 0.15 } },
];

const POP: MusicStyle = { genre: 'pop', bpm: 108, mode: 'major', lead: 'pluck', pad: 'soft', drums: 'rock', energy: 0.6 };

const INSTRUMENTS: Array<[Timbre, string[]]> = [
  ['piano', ['piano', 'keys', '鋼琴']],
  ['bell', ['bell', 'chime', 'glockenspiel', 'celesta', '鈴', '鐘']],
  ['organ', ['organ', '風琴']],
  ['strings', ['string', 'violin', 'cello', '弦樂', '小提琴']],
  ['saw', ['synth', 'distorted', 'lead', '合成器']],
  ['pluck', ['harp', 'pluck', 'guzheng', 'koto', '豎琴', '古箏']],
];

// Chinese tempo words are whole words: a bare 快 (fast) is also the start of 快樂 (happy)
const SLOW = ['slow', 'calm', 'chill', 'relax', 'gentle', 'sleepy', 'peaceful', 'ballad', 'lazy', 'soft', '緩慢', '慢板', '慢節奏', '慢歌', '平靜', '放鬆', '安靜', '溫柔'];
const FAST = ['fast', 'energetic', 'upbeat', 'driving', 'intense', 'furious', 'hype', 'quick', 'racing', '快速', '快節奏', '節奏快', '輕快', '激昂', '動感', '熱血'];
const HAPPY = ['happy', 'joy', 'bright', 'cheerful', 'uplifting', 'sunny', 'playful', 'hopeful', 'triumphant', '快樂', '開心', '歡樂', '明亮'];
const SAD = ['sad', 'melanchol', 'dark', 'gloomy', 'lonely', 'tragic', 'mournful', 'somber', 'sombre', 'tense', 'mysterious', 'scary', '悲傷', '憂鬱', '哀傷', '黑暗', '寂寞'];
const LOUD = ['energetic', 'powerful', 'loud', 'aggressive', 'epic', 'intense', 'heavy', 'hype', '激昂', '熱血', '強烈'];
const QUIET = ['quiet', 'soft', 'gentle', 'calm', 'sleepy', 'peaceful', 'minimal', '安靜', '溫柔', '平靜'];
const WITH_DRUMS = ['drum', 'percussion', 'groove', '鼓'];
const NO_DRUMS = ['no drums', 'without drums', 'no percussion', 'solo', '無鼓', '獨奏'];

/** Slowest and fastest tempo the composer plays (an explicit "300 bpm" is brought into range). */
export const BPM_RANGE = { min: 50, max: 200 } as const;

// Latin words match at a word start ("melanchol" finds "melancholic", "drum" finds "drums"
// but "beat" not "upbeat"); Chinese has no spaces between words, so any occurrence counts.
const matches = (text: string, word: string) => (/^[a-z -]+$/.test(word) ? new RegExp(`(?<![a-z])${word}`).test(text) : text.includes(word));
const has = (text: string, words: string[]) => words.some((word) => matches(text, word));
const count = (text: string, words: string[]) => words.filter((word) => matches(text, word)).length;

/**
 * Reads genre, mood, instrument and tempo words (English and Traditional Chinese) from free
 * text. A genre sets defaults; "120 bpm" sets the tempo exactly, slow/fast words move it;
 * happy words choose major, sad ones minor; "piano", "strings"… choose the lead voice.
 */
export function readStyle(text: string): MusicStyle {
  const t = text.toLowerCase();
  const style = { ...(GENRES.find((genre) => has(t, genre.words))?.style ?? POP) };

  const slow = count(t, SLOW);
  const fast = count(t, FAST);
  if (slow > fast) {
    style.bpm = Math.min(style.bpm, 72);
    style.energy = Math.min(style.energy, 0.3);
  }
  if (fast > slow) {
    style.bpm = Math.max(style.bpm, 140);
    style.energy = Math.max(style.energy, 0.8);
  }
  const explicit = /(\d{2,3}(?:\.\d+)?)\s*(?:bpm|beats per minute)/.exec(t);
  if (explicit) style.bpm = Number(explicit[1]);
  style.bpm = Math.min(BPM_RANGE.max, Math.max(BPM_RANGE.min, style.bpm));

  const happy = count(t, HAPPY);
  const sad = count(t, SAD);
  if (happy > sad) style.mode = 'major';
  if (sad > happy) style.mode = 'minor';

  const instrument = INSTRUMENTS.find(([, words]) => has(t, words));
  if (instrument) style.lead = instrument[0];

  const loud = count(t, LOUD);
  const quiet = count(t, QUIET);
  if (loud > quiet) style.energy = Math.max(style.energy, 0.9);
  if (quiet > loud) style.energy = Math.min(style.energy, 0.25);

  if (has(t, NO_DRUMS)) style.drums = 'none';
  else if (has(t, WITH_DRUMS) && style.drums === 'none') style.drums = style.energy > 0.5 ? 'rock' : 'brushes';
  else if (style.drums !== 'none' && style.energy <= 0.3 && !has(t, WITH_DRUMS)) style.drums = 'none';
  return style;
}
