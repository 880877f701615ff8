import { seededRandom, type Random } from '../random.ts';
import { addNote, degreeNote, echo, PROGRESSIONS, SCALES, soften } from './composer.ts';
import type { DrumPattern, MusicStyle } from './style.ts';

export type SectionName = 'intro' | 'verse' | 'chorus' | 'outro';

/** A part of the song, from `start` to `end` seconds. */
export interface Section {
  name: SectionName;
  start: number;
  end: number;
}

export interface SongOptions {
  seed: string;
  seconds: number;
  sampleRate: number;
  /** MIDI note of the key's tonic, e.g. 57 for A3. */
  tonic: number;
  style: MusicStyle;
}

/** Mono samples in [-1, 1] with the beat grid and the sections they were written on. */
export interface Song {
  samples: Float32Array;
  sampleRate: number;
  /** Seconds of every beat, the first at 0: the tempo is exact, never drifting. */
  beats: number[];
  sections: Section[];
}

// The chorus lifts with its own progression: IV–V–I–vi in major, VI–VII–i–i in minor.
const CHORUS_PROGRESSIONS = { major: [3, 4, 0, 5], minor: [5, 6, 0, 0], pentatonic: [1, 4, 0, 3] } as const;

// How loud each part is and how densely it plays: the song's dynamics.
const SECTION_GAIN: Record<SectionName, number> = { intro: 0.55, verse: 0.75, chorus: 1, outro: 0.6 };

// Drum hits on a bar of sixteen steps.
interface Groove {
  kick: number[];
  snare: number[];
  hat: number[];
  /** Hats and snare as soft brushes rather than sticks. */
  soft?: boolean;
  /** Off-beat eighths played late, as hip hop does. */
  swing?: boolean;
}

const GROOVES: Record<Exclude<DrumPattern, 'none'>, Groove> = {
  rock: { kick: [0, 8, 10], snare: [4, 12], hat: [0, 2, 4, 6, 8, 10, 12, 14] },
  'four-on-the-floor': { kick: [0, 4, 8, 12], snare: [4, 12], hat: [2, 6, 10, 14] },
  'boom-bap': { kick: [0, 7, 10], snare: [4, 12], hat: [0, 2, 4, 6, 8, 10, 12, 14], swing: true },
  brushes: { kick: [0, 8], snare: [0, 4, 8, 12], hat: [2, 6, 10, 14], soft: true },
};

/**
 * Splits `bars` bars into intro, alternating verses and choruses, and outro. Every song long
 * enough for four bars gets all four kinds of section.
 */
export function planSections(bars: number): Array<{ name: SectionName; bars: number }> {
  if (bars < 4) return [{ name: 'verse', bars }];
  const intro = Math.max(1, Math.round(bars * 0.12));
  const outro = Math.max(1, Math.round(bars * 0.12));
  const middle = bars - intro - outro;
  const chunk = middle >= 32 ? 8 : middle >= 8 ? 4 : Math.max(1, Math.floor(middle / 2));
  const parts: Array<{ name: SectionName; bars: number }> = [{ name: 'intro', bars: intro }];
  for (let left = middle, i = 0; left > 0; i++) {
    // a remainder shorter than a chunk joins the last part rather than making a stub
    const size = left < 2 * chunk ? left : chunk;
    parts.push({ name: i % 2 === 0 ? 'verse' : 'chorus', bars: size });
    left -= size;
  }
  if (!parts.some((p) => p.name === 'chorus')) {
    const verse = parts[1];
    const half = Math.floor(verse.bars / 2);
    verse.bars -= half;
    parts.push({ name: 'chorus', bars: half });
  }
  parts.push({ name: 'outro', bars: outro });
  return parts;
}

/** Adds one drum hit, synthesized: a falling sine for the kick, noise for snare and hats. */
function addDrum(out: Float32Array, rate: number, at: number, kind: 'kick' | 'snare' | 'hat' | 'crash', gain: number, random: Random) {
  const first = Math.floor(at * rate);
  const seconds = { kick: 0.35, snare: 0.22, hat: 0.06, crash: 1.2 }[kind];
  const length = Math.min(out.length - first, Math.floor(seconds * rate));
  let phase = 0;
  let previous = 0;
  for (let i = 0; i < length; i++) {
    const t = i / rate;
    // a first difference of white noise leaves its hiss and drops its rumble
    const white = random.next() * 2 - 1;
    const hiss = white - previous;
    previous = white;
    let value: number;
    if (kind === 'kick') {
      phase += (2 * Math.PI * (48 + 110 * Math.exp(-t * 28))) / rate;
      value = Math.sin(phase) * Math.exp(-t * 9);
    } else if (kind === 'snare') {
      value = 0.55 * white * Math.exp(-t * 22) + 0.45 * Math.sin(2 * Math.PI * 185 * t) * Math.exp(-t * 18);
    } else if (kind === 'hat') {
      value = 0.5 * hiss * Math.exp(-t * 70);
    } else {
      value = 0.35 * hiss * Math.exp(-t * 3);
    }
    out[first + i] += value * gain * Math.min(1, i / 8);
  }
}

/** Drums of one bar at `barStart` seconds. */
function playDrums(out: Float32Array, rate: number, barStart: number, beat: number, groove: Groove, section: SectionName, energy: number, firstBar: boolean, random: Random) {
  const step = beat / 4;
  const soft = groove.soft ? 0.45 : 1;
  const gain = SECTION_GAIN[section];
  const at = (s: number) => barStart + s * step + (groove.swing && s % 4 === 2 ? step / 3 : 0);
  // the intro keeps only the pulse, the outro thins out after its first bar
  const full = section === 'verse' || section === 'chorus' || (section === 'outro' && firstBar);
  for (const s of groove.kick) if (full || s % 4 === 0) addDrum(out, rate, at(s), 'kick', 0.9 * gain * soft, random);
  if (!full) return;
  for (const s of groove.snare) addDrum(out, rate, at(s), 'snare', 0.5 * gain * soft, random);
  // energetic choruses double the hats to sixteenths
  const hats = section === 'chorus' && energy > 0.75 && !groove.soft ? Array.from({ length: 16 }, (_, i) => i) : groove.hat;
  for (const s of hats) addDrum(out, rate, at(s), 'hat', (s % 4 === 0 ? 0.35 : 0.25) * gain * soft, random);
  if (section === 'chorus' && firstBar) addDrum(out, rate, barStart, 'crash', 0.5 * gain, random);
}

/**
 * A whole song in the given style: intro, verses and choruses, outro, each with its own
 * density and loudness; pad chords, a bass line, an arpeggio and a melody in the lead voice,
 * and synthesized drums playing the style's groove on an exact beat grid.
 */
export function composeSong(options: SongOptions): Song {
  const { sampleRate: rate, tonic, style } = options;
  const random = seededRandom(`song:${options.seed}`);
  const drumNoise = seededRandom(`drums:${options.seed}`);
  const length = Math.floor(options.seconds * rate);
  const tonal = new Float32Array(length);
  const drums = new Float32Array(length);
  const scale = SCALES[style.mode];
  const beat = 60 / style.bpm;
  const bar = beat * 4;
  const totalBars = Math.ceil(options.seconds / bar);
  const groove = style.drums === 'none' ? null : GROOVES[style.drums];
  // energy chooses how many arpeggio notes fall on a beat: 1, 2 or 4
  const baseDensity = style.energy < 0.3 ? 1 : style.energy < 0.7 ? 2 : 4;
  let melodyDegree = scale.length * 2;

  const sections: Section[] = [];
  let barIndex = 0;
  for (const part of planSections(totalBars)) {
    sections.push({ name: part.name, start: barIndex * bar, end: Math.min(options.seconds, (barIndex + part.bars) * bar) });
    for (let inPart = 0; inPart < part.bars; inPart++, barIndex++) {
      const barStart = barIndex * bar;
      const gain = SECTION_GAIN[part.name];
      const progression = part.name === 'chorus' ? CHORUS_PROGRESSIONS[style.mode] : PROGRESSIONS[style.mode];
      const root = progression[inPart % progression.length];
      const chord = [0, 2, 4, 7, 9, 11].map((offset) => degreeNote(tonic, scale, root + offset));
      if (style.pad) for (const note of chord.slice(0, 3)) addNote(tonal, rate, barStart, bar, note, 0.07 * gain, style.pad);
      if (part.name !== 'intro') {
        // the bass follows the kick's beats once the drums are in
        const bassBeats = style.energy > 0.6 && part.name === 'chorus' ? [0, 1, 2, 3] : [0, 2];
        for (const b of bassBeats) addNote(tonal, rate, barStart + b * beat, beat * (4 / bassBeats.length), chord[0] - 12, 0.28 * gain, 'soft');
      }
      const density = part.name === 'chorus' ? Math.min(4, baseDensity * 2) : part.name === 'verse' ? baseDensity : 1;
      for (let s = 0; s < 4 * density; s++) {
        const at = barStart + (s * beat) / density;
        addNote(tonal, rate, at, beat * 1.2, chord[(s * 2) % chord.length] + 12, (s % density === 0 ? 0.18 : 0.11) * gain, style.lead);
      }
      const melodyChance = part.name === 'chorus' ? 0.8 : part.name === 'verse' ? 0.45 : 0.2;
      for (let b = 0; b < 4; b++) {
        if (!random.chance(melodyChance)) continue;
        melodyDegree = Math.max(scale.length, Math.min(scale.length * 3, melodyDegree + random.int(-2, 2)));
        addNote(tonal, rate, barStart + b * beat, beat * random.pick([1, 1.5, 2]), degreeNote(tonic, scale, melodyDegree) + (part.name === 'chorus' ? 24 : 12), 0.15 * gain, style.lead);
      }
      if (groove) playDrums(drums, rate, barStart, beat, groove, part.name, style.energy, inPart === 0, drumNoise);
    }
  }

  // echo only the tuned voices: echoed drums would put hits between the beats
  echo(tonal, rate, style.bpm);
  soften(tonal, rate, style.energy > 0.7 ? 7000 : 4000);
  const samples = new Float32Array(length);
  const fade = Math.floor(rate * 1.5);
  let peak = 0;
  for (let i = 0; i < length; i++) {
    samples[i] = (tonal[i] + drums[i]) * Math.min(1, i / (rate * 0.02), (length - i) / fade);
    peak = Math.max(peak, Math.abs(samples[i]));
  }
  // energetic styles are driven into a soft clip (louder, denser, as rock and dance are mastered)
  // and peak higher; quiet ones keep their dynamics and stay quieter
  const drive = 1 + 3 * Math.max(0, style.energy - 0.5);
  const ceiling = 0.6 + 0.29 * style.energy;
  const unit = peak > 0 ? 1 / peak : 0;
  for (let i = 0; i < length; i++) samples[i] = (ceiling * Math.tanh(drive * samples[i] * unit)) / Math.tanh(drive);
  const beats = Array.from({ length: Math.ceil(options.seconds / beat) }, (_, k) => k * beat).filter((t) => t < options.seconds);
  return { samples, sampleRate: rate, beats, sections };
}

/**
 * A dance track at exactly `bpm` with its true beat times, for testing beat trackers: four on
 * the floor in every section (the intro keeps the kick), so every beat has an onset.
 */
export function renderTempoTrack(bpm: number, seconds: number, seed = 'tempo', sampleRate = 22_050): Song {
  const style: MusicStyle = { genre: 'electronic', bpm, mode: 'minor', lead: 'pluck', pad: 'soft', drums: 'four-on-the-floor', energy: 0.6 };
  return composeSong({ seed, seconds, sampleRate, tonic: 57, style });
}
