/**
 * Pitch measurement and TD-PSOLA (time-domain pitch-synchronous overlap-add): how a spoken
 * syllable becomes a sung note. Each glottal period of the speech is cut out with a window two
 * periods wide and laid down again one *target* period apart, for as long as the note lasts.
 * The spacing sets the new pitch; the grains keep the voice's formants, so the singer still
 * sounds like the voice rather than a sped-up tape.
 */

const MIN_HZ = 70;
const MAX_HZ = 600;
const VOICED_CORRELATION = 0.5;

/** Autocorrelation pitch of `samples[from, to)` in Hz, or null when the stretch is quiet or not periodic. */
export function pitchOf(samples: Float32Array, rate: number, from: number, to: number, minRms = 0.005): number | null {
  const minLag = Math.floor(rate / MAX_HZ);
  const maxLag = Math.ceil(rate / MIN_HZ);
  const length = to - from - maxLag;
  if (from < 0 || length < minLag * 2) return null;
  let energy = 0;
  for (let i = from; i < from + length; i++) energy += samples[i] * samples[i];
  if (Math.sqrt(energy / length) < minRms) return null;
  const correlations = new Float32Array(maxLag + 2);
  for (let lag = minLag; lag <= maxLag + 1; lag++) {
    let [cross, a, b] = [0, 0, 0];
    for (let i = from; i < from + length; i++) {
      cross += samples[i] * samples[i + lag];
      a += samples[i] * samples[i];
      b += samples[i + lag] * samples[i + lag];
    }
    correlations[lag] = cross / Math.sqrt(a * b || 1);
  }
  let best = 0;
  for (let lag = minLag; lag <= maxLag; lag++) if (correlations[lag] > correlations[best]) best = lag;
  if (correlations[best] < VOICED_CORRELATION) return null;
  // the shortest lag nearly as good as the best one: a period's multiples correlate as well as it does
  for (let lag = minLag; lag < best; lag++) {
    if (correlations[lag] >= 0.9 * correlations[best] && correlations[lag] >= correlations[lag - 1] && correlations[lag] >= correlations[lag + 1]) {
      best = lag;
      break;
    }
  }
  // a parabola through the peak and its neighbours finds the period between two samples
  const [l, c, r] = [correlations[best - 1], correlations[best], correlations[best + 1]];
  const shift = l - 2 * c + r === 0 ? 0 : (0.5 * (l - r)) / (l - 2 * c + r);
  return rate / (best + Math.max(-0.5, Math.min(0.5, shift)));
}

/** One analysis mark of the source: a grain's centre and half-width, and whether it is voiced. */
interface Mark {
  at: number;
  half: number;
  voiced: boolean;
  /** RMS of the grain's samples. */
  level: number;
}

/** A syllable ready to sing: its samples, its marks, and the vowel that is held to fill a long note. */
export interface Syllable {
  samples: Float32Array;
  rate: number;
  marks: Mark[];
  holdFrom: number;
  holdTo: number;
  /** How loud the held vowel is sung: dips inside it (a creaky third tone, a glide) are lifted to this. */
  holdLevel: number;
}

/** The samples between the first and last that reach 2% of the peak: eSpeak pads its words with silence. */
function trimSilence(samples: Float32Array): Float32Array {
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  const gate = peak * 0.02;
  let from = 0;
  let to = samples.length;
  while (from < to && Math.abs(samples[from]) <= gate) from++;
  while (to > from && Math.abs(samples[to - 1]) <= gate) to--;
  return samples.slice(from, to);
}

/**
 * Finds a syllable's pitch marks: pitch per 10 ms frame, then in the voiced stretch one mark
 * per period at the waveform's peak, each searched for near one period after the last; the
 * unvoiced edges (consonants) get plain marks every 5 ms.
 */
export function analyseSyllable(input: Float32Array, rate: number): Syllable {
  const samples = trimSilence(input);
  const hop = Math.round(rate * 0.01);
  const frame = Math.round(rate * 0.04);
  // pitch is measured at half the rate (pairs averaged): a quarter of the work, and the marks are placed at full rate anyway
  const coarse = new Float32Array(samples.length >> 1).map((_, i) => (samples[2 * i] + samples[2 * i + 1]) / 2);
  const periods: Array<number | null> = [];
  const loudness: number[] = [];
  for (let at = 0; at + frame <= samples.length; at += hop) {
    const hz = pitchOf(coarse, rate / 2, at >> 1, (at + frame) >> 1, 0.02);
    periods.push(hz ? rate / hz : null);
    let sum = 0;
    for (let i = at; i < at + frame; i++) sum += samples[i] * samples[i];
    loudness.push(Math.sqrt(sum / frame));
  }
  const first = periods.findIndex((p) => p !== null);
  const last = periods.findLastIndex((p) => p !== null);
  const step = Math.round(rate * 0.005);
  const level = (at: number, half: number) => {
    let sum = 0;
    for (let i = Math.max(0, at - half); i < Math.min(samples.length, at + half); i++) sum += samples[i] * samples[i];
    return Math.sqrt(sum / (2 * half));
  };
  const plain = (from: number, to: number) => Array.from({ length: Math.max(0, Math.floor((to - from) / step)) }, (_, i) => ({ at: from + i * step, half: step, voiced: false, level: 0 }));
  if (first < 0) return { samples, rate, marks: plain(0, samples.length), holdFrom: samples.length, holdTo: samples.length, holdLevel: 0 };

  const periodAt = (at: number) => {
    const i = Math.min(last, Math.max(first, Math.round((at - frame / 2) / hop)));
    // gaps inside the voiced stretch take the pitch of the nearest voiced frame before them
    for (let k = i; k >= first; k--) if (periods[k] !== null) return periods[k] as number;
    return periods[first] as number;
  };
  const voicedFrom = first * hop;
  const voicedTo = Math.min(samples.length, last * hop + frame);
  // the vowel is the loud middle of the voiced stretch; the glides into and out of it keep their speed
  const voicedLoudness = loudness.slice(first, last + 1);
  const loudest = Math.max(...voicedLoudness);
  const holdFirst = first + voicedLoudness.findIndex((l) => l >= loudest * 0.5);
  const holdLast = first + voicedLoudness.findLastIndex((l) => l >= loudest * 0.5);
  const holdFrom = holdFirst * hop + Math.round(frame / 2 - hop / 2);
  const holdTo = Math.min(voicedTo, holdLast * hop + Math.round(frame / 2 + hop / 2));
  const peakIn = (from: number, to: number) => {
    let best = from;
    for (let i = from; i < Math.min(to, samples.length); i++) if (samples[i] > samples[best]) best = i;
    return best;
  };
  const voiced: Mark[] = [];
  let at = peakIn(voicedFrom, voicedFrom + Math.round(periodAt(voicedFrom)));
  while (at < voicedTo) {
    const period = periodAt(at);
    voiced.push({ at, half: Math.round(period), voiced: true, level: level(at, Math.round(period)) });
    at = peakIn(at + Math.round(period * 0.8), at + Math.round(period * 1.2) + 1);
  }
  return { samples, rate, marks: [...plain(0, voicedFrom), ...voiced, ...plain(voicedTo, samples.length)], holdFrom, holdTo, holdLevel: loudest * 0.8 };
}

/**
 * The syllable sung for `length` samples at `hz`: consonants and glides keep their spoken
 * speed (unless the note is too short for them) and the vowel stretches to fill the rest. `vibrato`
 * is the depth in semitones of a 5.5 Hz wobble that starts after the note's first 0.25 s.
 */
export function singSyllable(syllable: Syllable, hz: number, length: number, vibrato = 0): Float32Array {
  const { samples, rate, marks, holdFrom, holdTo, holdLevel } = syllable;
  const out = new Float32Array(length);
  if (marks.length === 0) return out;
  const onset = holdFrom;
  const coda = samples.length - holdTo;
  const hold = onset + coda <= 0.6 * length && holdTo > holdFrom;
  // output sample → source sample: consonants 1:1 around a stretched vowel, or all squeezed alike
  const source = (t: number) => {
    if (!hold) return (t * samples.length) / length;
    if (t < onset) return t;
    if (t >= length - coda) return holdTo + (t - (length - coda));
    return holdFrom + ((t - onset) * (holdTo - holdFrom)) / (length - onset - coda);
  };
  let m = 0;
  for (let t = 0; t < length; ) {
    const want = source(t);
    while (m + 1 < marks.length && Math.abs(marks[m + 1].at - want) <= Math.abs(marks[m].at - want)) m++;
    while (m > 0 && Math.abs(marks[m - 1].at - want) < Math.abs(marks[m].at - want)) m--;
    const mark = marks[m];
    const seconds = t / rate;
    const wobble = seconds > 0.25 ? vibrato * Math.sin(2 * Math.PI * 5.5 * (seconds - 0.25)) : 0;
    const spacing = mark.voiced ? rate / (hz * 2 ** (wobble / 12)) : mark.half;
    // a two-period Hann window laid every `spacing` samples sums to half/spacing: scaled back to one
    const overlap = Math.min(1, spacing / mark.half);
    // a held vowel keeps one loudness, as a singer's does: a dip stretched out would sound like a new note
    const held = hold && mark.voiced && t >= onset && t < length - coda;
    const gain = overlap * (held && mark.level > 0 ? Math.min(4, Math.max(0.7, holdLevel / mark.level)) : 1);
    for (let k = -mark.half; k < mark.half; k++) {
      const from = mark.at + k;
      const to = Math.round(t) + k;
      if (from < 0 || from >= samples.length || to < 0 || to >= length) continue;
      out[to] += samples[from] * gain * 0.5 * (1 + Math.cos((Math.PI * k) / mark.half));
    }
    t += Math.max(1, spacing);
  }
  return out;
}
