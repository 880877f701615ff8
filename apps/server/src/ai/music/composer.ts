import { seededRandom, type Random } from '../random.ts';

/** Name of the offline engine, shown on every work it makes (ARCHITECTURE §5). */
export const ALGORITHMIC_COMPOSER_ENGINE = 'Starlit algorithmic composer (offline)';

export type Mode = 'major' | 'minor' | 'pentatonic';
export type Timbre = 'pluck' | 'bell' | 'soft' | 'piano' | 'saw' | 'organ' | 'strings';

export interface CompositionOptions {
  /** Any text; the same seed always plays the same piece. */
  seed: string;
  seconds: number;
  sampleRate: number;
  bpm: number;
  /** MIDI note of the key's tonic, e.g. 57 for A3. */
  tonic: number;
  mode: Mode;
  timbre: Timbre;
}

export const SCALES: Record<Mode, number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  pentatonic: [0, 2, 4, 7, 9],
};

// Chord roots as scale degrees: I–V–vi–IV, i–VI–III–VII and a pentatonic drift.
export const PROGRESSIONS: Record<Mode, number[]> = {
  major: [0, 4, 5, 3],
  minor: [0, 5, 2, 6],
  pentatonic: [0, 3, 1, 4],
};

// Partials as [frequency ratio, amplitude, decay per second]: what makes each timbre sound as it does.
const TIMBRES: Record<Timbre, { partials: Array<[number, number, number]>; attack: number }> = {
  pluck: {
    partials: [
      [1, 1, 2.5],
      [2, 0.5, 4],
      [3, 0.28, 6],
      [4, 0.16, 8],
      [5, 0.08, 10],
    ],
    attack: 0.006,
  },
  bell: {
    partials: [
      [1, 1, 1.2],
      [2.76, 0.45, 2],
      [5.4, 0.22, 3.5],
      [8.93, 0.1, 5],
    ],
    attack: 0.003,
  },
  soft: {
    partials: [
      [1, 1, 0.9],
      [2, 0.3, 1.5],
      [3, 0.12, 2.2],
    ],
    attack: 0.06,
  },
  // struck strings: bright at the hammer, the upper partials dying first
  piano: {
    partials: [
      [1, 1, 1.6],
      [2, 0.55, 2.4],
      [3, 0.3, 3.4],
      [4, 0.18, 4.6],
      [5, 0.1, 6],
      [6, 0.06, 7.5],
    ],
    attack: 0.004,
  },
  // a sawtooth's 1/n harmonics held almost without decay: the buzzing lead of rock and synth music
  saw: {
    partials: [1, 2, 3, 4, 5, 6, 7, 8].map((n): [number, number, number] => [n, 1 / n, 0.25 + n * 0.05]),
    attack: 0.01,
  },
  // drawbar organ: octaves and fifths, sustained
  organ: {
    partials: [
      [1, 1, 0.1],
      [2, 0.7, 0.1],
      [3, 0.45, 0.1],
      [4, 0.3, 0.1],
      [6, 0.2, 0.1],
    ],
    attack: 0.02,
  },
  // bowed: slow attack, all partials sustained
  strings: {
    partials: [
      [1, 1, 0.1],
      [2, 0.5, 0.15],
      [3, 0.33, 0.2],
      [4, 0.25, 0.25],
      [5, 0.2, 0.3],
    ],
    attack: 0.2,
  },
};

export const frequency = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** The MIDI note of a scale degree (degrees beyond the scale wrap into higher octaves). */
export function degreeNote(tonic: number, scale: number[], degree: number): number {
  const octave = Math.floor(degree / scale.length);
  const step = ((degree % scale.length) + scale.length) % scale.length;
  return tonic + octave * 12 + scale[step];
}

/**
 * Adds one note to the buffer by additive synthesis. Each partial is a phasor rotated by a
 * fixed step and shrunk by a fixed factor per sample, which avoids a sin and an exp per
 * sample and keeps a whole piece to a few dozen milliseconds.
 */
export function addNote(out: Float32Array, rate: number, start: number, seconds: number, midi: number, gain: number, timbre: Timbre) {
  const { partials, attack } = TIMBRES[timbre];
  const first = Math.floor(start * rate);
  const length = Math.min(out.length - first, Math.floor(seconds * rate));
  const attackSamples = Math.max(1, attack * rate);
  const releaseSamples = Math.max(1, Math.min(0.08, seconds / 4) * rate);
  for (const [ratio, amplitude, decay] of partials) {
    const f = frequency(midi) * ratio;
    if (f >= rate / 2) continue;
    const [stepCos, stepSin] = [Math.cos((2 * Math.PI * f) / rate), Math.sin((2 * Math.PI * f) / rate)];
    const shrink = Math.exp(-decay / rate);
    let [re, im, level] = [1, 0, amplitude * gain];
    for (let i = 0; i < length; i++) {
      const envelope = Math.min(1, i / attackSamples, (length - i) / releaseSamples);
      out[first + i] += im * level * envelope;
      [re, im] = [re * stepCos - im * stepSin, re * stepSin + im * stepCos];
      level *= shrink;
    }
  }
}

function arpeggioOrder(random: Random): (step: number, size: number) => number {
  const kind = random.pick(['up', 'updown', 'leap'] as const);
  if (kind === 'up') return (step, size) => step % size;
  if (kind === 'updown')
    return (step, size) => {
      const cycle = 2 * size - 2;
      const at = step % cycle;
      return at < size ? at : cycle - at;
    };
  return (step, size) => [0, 2, 1, 3, 2, 4, 3, 5][step % 8] % size;
}

/** A feedback echo at a dotted eighth: gives plain additive voices some space. */
export function echo(out: Float32Array, rate: number, bpm: number) {
  const delay = Math.floor((60 / bpm) * 0.75 * rate);
  for (let i = delay; i < out.length; i++) out[i] += out[i - delay] * 0.32;
}

/** A gentle one-pole low-pass: takes the glassy edge off note onsets and high partials. */
export function soften(out: Float32Array, rate: number, cutoff: number) {
  const a = 1 - Math.exp((-2 * Math.PI * cutoff) / rate);
  let y = 0;
  for (let i = 0; i < out.length; i++) {
    y += a * (out[i] - y);
    out[i] = y;
  }
}

/**
 * A short instrumental: an arpeggio over a four-chord progression, a bass line, a soft pad
 * and a sparse melody, mixed to mono samples in [-1, 1].
 */
export function composeArpeggio(options: CompositionOptions): Float32Array {
  const { sampleRate: rate, bpm, tonic, mode, timbre } = options;
  const random = seededRandom(`music:${options.seed}`);
  const out = new Float32Array(Math.floor(options.seconds * rate));
  const scale = SCALES[mode];
  const beat = 60 / bpm;
  const bar = beat * 4;
  const progression = PROGRESSIONS[mode];
  const order = arpeggioOrder(random);
  const perBeat = bpm < 90 ? 4 : 2;
  let melodyDegree = scale.length * 2;

  for (let barIndex = 0; barIndex * bar < options.seconds; barIndex++) {
    const root = progression[barIndex % progression.length];
    const chord = [0, 2, 4, 7, 9, 11].map((offset) => degreeNote(tonic, scale, root + offset));
    const barStart = barIndex * bar;
    addNote(out, rate, barStart, bar, chord[0] - 12, 0.3, 'soft');
    for (const note of chord.slice(0, 3)) addNote(out, rate, barStart, bar, note, 0.07, 'soft');
    for (let step = 0; step < 4 * perBeat; step++) {
      const at = barStart + (step * beat) / perBeat;
      addNote(out, rate, at, beat * 1.5, chord[order(step, chord.length)] + 12, step % perBeat === 0 ? 0.2 : 0.13, timbre);
    }
    for (let b = 0; b < 4; b++) {
      if (!random.chance(0.45)) continue;
      melodyDegree = Math.max(scale.length, Math.min(scale.length * 3, melodyDegree + random.int(-2, 2)));
      addNote(out, rate, barStart + b * beat, beat * random.pick([1, 1.5, 2]), degreeNote(tonic, scale, melodyDegree) + 12, 0.16, 'bell');
    }
  }

  echo(out, rate, bpm);
  soften(out, rate, 5000);
  const fade = Math.floor(rate * 1.5);
  let peak = 0;
  for (let i = 0; i < out.length; i++) {
    out[i] *= Math.min(1, i / (rate * 0.05), (out.length - i) / fade);
    peak = Math.max(peak, Math.abs(out[i]));
  }
  const gain = peak > 0 ? 0.89 / peak : 0;
  for (let i = 0; i < out.length; i++) out[i] *= gain;
  return out;
}
