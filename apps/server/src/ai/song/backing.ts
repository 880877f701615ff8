import { addNote, degreeNote, echo, SCALES, soften, type Timbre } from '../music/composer.ts';
import { encodeWav } from '../music/wav.ts';
import { type Random, seededRandom } from '../random.ts';
import type { SongGenre } from './lyrics.ts';
import type { BarPart, Melody } from './melody.ts';

const SAMPLE_RATE = 22_050;

/** How a genre accompanies the voice. */
interface Arrangement {
  /** Held chords. */
  pad: Timbre;
  /** The broken chords that carry the rhythm. */
  lead: Timbre;
  /** Lead notes per beat in a verse (a chorus plays twice as many, up to four). */
  perBeat: 1 | 2 | 4;
  /** Beats of the bar the bass plays on. */
  bass: number[];
  /** Drum hits on a bar of sixteen steps, or null for none. */
  drums: { kick: number[]; snare: number[]; hat: number[]; gain: number } | null;
}

const ARRANGEMENTS: Record<SongGenre, Arrangement> = {
  pop: { pad: 'soft', lead: 'pluck', perBeat: 2, bass: [0, 2], drums: { kick: [0, 8, 10], snare: [4, 12], hat: [0, 2, 4, 6, 8, 10, 12, 14], gain: 0.8 } },
  ballad: { pad: 'strings', lead: 'piano', perBeat: 2, bass: [0], drums: null },
  rock: { pad: 'organ', lead: 'saw', perBeat: 2, bass: [0, 1, 2, 3], drums: { kick: [0, 6, 8, 10], snare: [4, 12], hat: [0, 2, 4, 6, 8, 10, 12, 14], gain: 1 } },
  lofi: { pad: 'soft', lead: 'piano', perBeat: 1, bass: [0, 2], drums: { kick: [0, 7, 10], snare: [4, 12], hat: [0, 2, 4, 6, 8, 10, 12, 14], gain: 0.6 } },
  electronic: { pad: 'strings', lead: 'saw', perBeat: 4, bass: [0, 1, 2, 3], drums: { kick: [0, 4, 8, 12], snare: [4, 12], hat: [2, 6, 10, 14], gain: 0.9 } },
  folk: { pad: 'soft', lead: 'pluck', perBeat: 2, bass: [0, 2], drums: { kick: [0, 8], snare: [4, 12], hat: [2, 6, 10, 14], gain: 0.45 } },
};

// How loud each part plays: the song's dynamics follow its lyrics.
const PART_GAIN: Record<BarPart, number> = { intro: 0.6, verse: 0.75, chorus: 1, bridge: 0.7, outro: 0.6 };

/** One drum hit, synthesized: a falling sine for the kick, noise for the snare and hats. */
function addDrum(out: Float32Array, at: number, kind: 'kick' | 'snare' | 'hat', gain: number, random: Random) {
  const first = Math.floor(at * SAMPLE_RATE);
  const length = Math.min(out.length - first, Math.floor({ kick: 0.3, snare: 0.2, hat: 0.05 }[kind] * SAMPLE_RATE));
  let phase = 0;
  for (let i = 0; i < length; i++) {
    const t = i / SAMPLE_RATE;
    const noise = random.next() * 2 - 1;
    let value: number;
    if (kind === 'kick') {
      phase += (2 * Math.PI * (50 + 100 * Math.exp(-t * 30))) / SAMPLE_RATE;
      value = Math.sin(phase) * Math.exp(-t * 10);
    } else if (kind === 'snare') value = 0.6 * noise * Math.exp(-t * 20) + 0.4 * Math.sin(2 * Math.PI * 180 * t) * Math.exp(-t * 16);
    else value = 0.35 * noise * Math.exp(-t * 80);
    out[first + i] += value * gain * Math.min(1, i / 8);
  }
}

/**
 * The accompaniment of a sung melody, bar by bar on the melody's own grid: the chord the
 * melody was written over as a pad, a bass on its root and broken chords in the genre's
 * voice, all below the singer's range, with the genre's drums from the first verse on. Made
 * with the offline composer's voices at the melody's tempo, key and length, so voice and
 * backing agree.
 */
export async function composeBacking(melody: Melody, opts: { genre: SongGenre; seed: number }): Promise<{ audio: Buffer; seconds: number }> {
  const arrangement = ARRANGEMENTS[opts.genre];
  const random = seededRandom(`backing:${opts.seed}`);
  const noise = seededRandom(`backing-drums:${opts.seed}`);
  const scale = SCALES[melody.mode];
  const beat = 60 / melody.bpm;
  const bar = beat * 4;
  const tonal = new Float32Array(Math.ceil(melody.seconds * SAMPLE_RATE));
  const drums = new Float32Array(tonal.length);
  // the pad and arpeggio an octave below the tune, the bass two: the voice keeps its own space
  const chordTones = (root: number) => [0, 2, 4, 7].map((offset) => degreeNote(melody.tonic - 12, scale, root + offset));
  const pattern = random.pick([
    [0, 1, 2, 3],
    [0, 2, 1, 3],
    [0, 1, 2, 1],
  ]);
  for (const [index, { start, part, chord }] of melody.bars.entries()) {
    const gain = PART_GAIN[part];
    const tones = chordTones(chord);
    const last = index === melody.bars.length - 1;
    // the last bar rings out on one held chord
    const length = last ? bar * 1.5 : bar;
    for (const note of tones.slice(0, 3)) addNote(tonal, SAMPLE_RATE, start, length, note, 0.09 * gain, arrangement.pad);
    if (last) {
      addNote(tonal, SAMPLE_RATE, start, length, tones[0] - 12, 0.3 * gain, 'soft');
      continue;
    }
    if (part !== 'intro') for (const b of arrangement.bass) addNote(tonal, SAMPLE_RATE, start + b * beat, beat * (4 / arrangement.bass.length), tones[0] - 12, 0.3 * gain, 'soft');
    const perBeat = part === 'chorus' ? Math.min(4, arrangement.perBeat * 2) : arrangement.perBeat;
    for (let s = 0; s < 4 * perBeat; s++) {
      addNote(tonal, SAMPLE_RATE, start + (s * beat) / perBeat, beat * 1.2, tones[pattern[s % pattern.length]] + 12, (s % perBeat === 0 ? 0.16 : 0.1) * gain, arrangement.lead);
    }
    const kit = arrangement.drums;
    if (!kit) continue;
    const step = beat / 4;
    for (const s of kit.kick) if (part !== 'intro' || s % 8 === 0) addDrum(drums, start + s * step, 'kick', 0.8 * kit.gain * gain, noise);
    if (part === 'intro' || part === 'outro') continue;
    for (const s of kit.snare) addDrum(drums, start + s * step, 'snare', 0.45 * kit.gain * gain, noise);
    for (const s of kit.hat) addDrum(drums, start + s * step, 'hat', 0.3 * kit.gain * gain, noise);
  }
  echo(tonal, SAMPLE_RATE, melody.bpm);
  soften(tonal, SAMPLE_RATE, 4500);
  const samples = new Float32Array(tonal.length);
  const fade = SAMPLE_RATE * 1.5;
  let peak = 0;
  for (let i = 0; i < samples.length; i++) {
    samples[i] = (tonal[i] + drums[i]) * Math.min(1, i / (SAMPLE_RATE * 0.02), (samples.length - i) / fade);
    peak = Math.max(peak, Math.abs(samples[i]));
  }
  if (peak > 0) for (let i = 0; i < samples.length; i++) samples[i] *= 0.85 / peak;
  return { audio: encodeWav(samples, SAMPLE_RATE), seconds: samples.length / SAMPLE_RATE };
}
