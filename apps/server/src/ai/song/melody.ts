import { degreeNote, PROGRESSIONS, SCALES } from '../music/composer.ts';
import { type Random, seededRandom } from '../random.ts';
import type { LyricSection, Lyrics, SongGenre, SongLang } from './lyrics.ts';
import { splitSyllables } from './syllables.ts';

/** One sung note: `text` is one syllable (English) or one character (Chinese). */
export interface SungNote {
  start: number;
  seconds: number;
  midi: number;
  text: string;
  /** Index of the lyric line (over the whole song) the note belongs to. */
  line: number;
}

export type BarPart = LyricSection['kind'] | 'intro' | 'outro';

/** One bar of the song with the chord the melody was written over, so the backing plays the same one. */
export interface MelodyBar {
  start: number;
  part: BarPart;
  /** Root of the bar's chord as a scale degree (0 = the tonic). */
  chord: number;
}

export interface Melody {
  bpm: number;
  tonic: number;
  mode: 'major' | 'minor';
  seconds: number;
  notes: SungNote[];
  lines: { start: number; end: number; text: string; section: LyricSection['kind'] }[];
  bars: MelodyBar[];
}

export interface MelodyOptions {
  bpm: number;
  tonic: number;
  mode: 'major' | 'minor';
  seed: number;
  lang: SongLang;
  /** Instrumental time before the first line, rounded up to whole bars; two bars when absent. */
  leadInSeconds?: number;
}

// Tempo, key and mode that suit each genre; tonics keep the tune in a range most voices reach.
const FEELS: Record<SongGenre, { bpm: number; mode: 'major' | 'minor'; tonic: number }> = {
  pop: { bpm: 104, mode: 'major', tonic: 60 },
  ballad: { bpm: 72, mode: 'major', tonic: 57 },
  rock: { bpm: 124, mode: 'minor', tonic: 57 },
  lofi: { bpm: 84, mode: 'minor', tonic: 58 },
  electronic: { bpm: 120, mode: 'minor', tonic: 59 },
  folk: { bpm: 96, mode: 'major', tonic: 55 },
};

export function genreFeel(genre: SongGenre): { bpm: number; mode: 'major' | 'minor'; tonic: number } {
  return { ...FEELS[genre] };
}

// Chord roots (scale degrees) per bar of each part; the chorus lifts with its own progression.
const PART_PROGRESSIONS: Record<'major' | 'minor', Record<BarPart, number[]>> = {
  major: { intro: PROGRESSIONS.major, verse: PROGRESSIONS.major, chorus: [3, 4, 0, 5], bridge: [5, 3, 0, 4], outro: [3, 4, 0, 0] },
  minor: { intro: PROGRESSIONS.minor, verse: PROGRESSIONS.minor, chorus: [5, 6, 0, 0], bridge: [3, 6, 0, 4], outro: [5, 6, 0, 0] },
};

// The tune's range in scale degrees above the tonic: the chorus sits higher than the verse.
const RANGE: Record<LyricSection['kind'], [number, number]> = { verse: [0, 7], chorus: [2, 9], bridge: [1, 8] };

const EIGHTHS_PER_BAR = 8;
// a line ends with a breath of a quarter note before the next bar line
const BREATH_EIGHTHS = 2;
const MAX_NOTES_PER_LINE = 28;
// times to the microsecond: no float noise (4.799999…) in the sheet or the JSON
const micro = (seconds: number) => Math.round(seconds * 1e6) / 1e6;
const OUTRO_BARS = 2;

/** Durations in eighths of `count` notes filling `total` eighths: one each, the rest given to the last note and to random ones. */
function rhythm(count: number, total: number, random: Random): number[] {
  const lengths = new Array<number>(count).fill(1);
  let extra = total - count;
  const held = Math.min(extra, 3);
  lengths[count - 1] += held;
  extra -= held;
  while (extra > 0) {
    lengths[random.int(0, count - 1)] += 1;
    extra--;
  }
  return lengths;
}

/** The nearest degree to `degree` that is a tone of the chord on `root` (root, third, fifth). */
function nearestChordTone(degree: number, root: number, [low, high]: [number, number]): number {
  let best = degree;
  let distance = Number.POSITIVE_INFINITY;
  for (let d = low; d <= high; d++) {
    const inChord = [0, 2, 4].includes((((d - root) % 7) + 7) % 7);
    if (inChord && Math.abs(d - degree) < distance) [best, distance] = [d, Math.abs(d - degree)];
  }
  return best;
}

/**
 * The tune of one line: a rhythm filling its bars, and pitches that walk by small steps,
 * land on chord tones on the beats and end on a chord tone. Seeded by the section kind, the
 * line's place in it and its syllable count, so a chorus sung again is sung to the same tune.
 */
function lineTune(count: number, bars: number, chords: number[], kind: LyricSection['kind'], seed: string) {
  const random = seededRandom(seed);
  const range = RANGE[kind];
  const lengths = rhythm(count, bars * EIGHTHS_PER_BAR - BREATH_EIGHTHS, random);
  let degree = random.int(range[0] + 2, range[1] - 2);
  let at = 0;
  return lengths.map((length, i) => {
    const chord = chords[Math.floor(at / EIGHTHS_PER_BAR)];
    // steps lean back towards the middle of the range, so a line never drifts to an edge
    const middle = (range[0] + range[1]) / 2;
    const step = random.pick([-2, -1, -1, 0, 1, 1, 2]) + (degree > middle + 2 ? -1 : degree < middle - 2 ? 1 : 0);
    degree = Math.max(range[0], Math.min(range[1], degree + (i === 0 ? 0 : step)));
    if (at % 2 === 0 || i === count - 1) degree = nearestChordTone(degree, chord, range);
    const note = { at, length, degree };
    at += length;
    return note;
  });
}

/**
 * Sets lyrics to music: every line starts on a bar line and takes two bars (four when long),
 * with a breath at its end; notes are on the key's scale over the chords of each part, and
 * the tune of a line repeats wherever the line's place and length repeat (the chorus above
 * all). Starts after a lead-in of whole bars and ends with two bars of outro.
 */
export function writeMelody(lyrics: Lyrics, opts: MelodyOptions): Melody {
  const { bpm, tonic, mode, lang } = opts;
  const scale = SCALES[mode];
  const bar = (60 / bpm) * 4;
  const eighth = bar / EIGHTHS_PER_BAR;
  const progressions = PART_PROGRESSIONS[mode];
  const bars: MelodyBar[] = [];
  const addBars = (part: BarPart, count: number, inPart: number) => {
    for (let i = 0; i < count; i++) bars.push({ start: micro(bars.length * bar), part, chord: progressions[part][(inPart + i) % progressions[part].length] });
  };
  addBars('intro', Math.ceil(Math.max(0, opts.leadInSeconds ?? 2 * bar) / bar - 1e-9), 0);

  const notes: SungNote[] = [];
  const lines: Melody['lines'] = [];
  for (const section of lyrics.sections) {
    let barInPart = 0;
    section.lines.forEach((text, lineInSection) => {
      const syllables = splitSyllables(text, lang);
      if (syllables.length === 0) return;
      // a line too long for four bars sings its last syllables together on its last note
      if (syllables.length > MAX_NOTES_PER_LINE) syllables.splice(MAX_NOTES_PER_LINE - 1, syllables.length, syllables.slice(MAX_NOTES_PER_LINE - 1).join(lang === 'zh_TW' ? '' : ' '));
      const lineBars = syllables.length <= 12 ? 2 : 4;
      const chords = Array.from({ length: lineBars }, (_, i) => progressions[section.kind][(barInPart + i) % 4]);
      const lineStart = bars.length * bar;
      const tune = lineTune(syllables.length, lineBars, chords, section.kind, `melody:${opts.seed}:${section.kind}:${lineInSection}:${syllables.length}`);
      const index = lines.length;
      tune.forEach((note, i) => {
        notes.push({ start: micro(lineStart + note.at * eighth), seconds: micro(note.length * eighth), midi: degreeNote(tonic, scale, note.degree), text: syllables[i], line: index });
      });
      const last = tune[tune.length - 1];
      lines.push({ start: micro(lineStart), end: micro(lineStart + (last.at + last.length) * eighth), text, section: section.kind });
      addBars(section.kind, lineBars, barInPart);
      barInPart += lineBars;
    });
  }
  addBars('outro', OUTRO_BARS, 0);
  return { bpm, tonic, mode, seconds: micro(bars.length * bar), notes, lines, bars };
}
