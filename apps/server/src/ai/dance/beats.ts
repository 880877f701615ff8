/**
 * Beat tracking of mono audio, written here from the textbook methods:
 * spectral-flux onset strength on a log-magnitude STFT, tempo from the autocorrelation of that
 * envelope seen through a comb of beat multiples and a tempo prior, and beats by dynamic
 * programming (D. Ellis, "Beat Tracking by Dynamic Programming", 2007).
 */

/** Onset envelope frames per second: 10 ms hops are fine enough for a ±70 ms tolerance. */
export const FRAME_RATE = 100;
const MIN_BPM = 60;
const MAX_BPM = 200;
// Ellis's prior: beat periods are log-normally spread around 120 bpm. Its width was tuned on
// composer tracks: an octave leaves 80 bpm with a dotted-eighth echo read as 107 bpm, 1.15
// octaves reads soft 140 bpm pieces at half speed.
const PRIOR_BPM = 120;
const PRIOR_OCTAVES = 1.07;
// How strongly the DP keeps successive beats one period apart (Ellis's "tightness").
const TIGHTNESS = 100;

/** In-place radix-2 FFT of `re`/`im` (length a power of two). */
function fft(re: Float64Array, im: Float64Array) {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j], re[i]];
      [im[i], im[j]] = [im[j], im[i]];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = (-2 * Math.PI) / size;
    const [wRe, wIm] = [Math.cos(angle), Math.sin(angle)];
    for (let start = 0; start < n; start += size) {
      let [uRe, uIm] = [1, 0];
      for (let k = 0; k < size / 2; k++) {
        const a = start + k;
        const b = a + size / 2;
        const tRe = re[b] * uRe - im[b] * uIm;
        const tIm = re[b] * uIm + im[b] * uRe;
        re[b] = re[a] - tRe;
        im[b] = im[a] - tIm;
        re[a] += tRe;
        im[a] += tIm;
        [uRe, uIm] = [uRe * wRe - uIm * wIm, uRe * wIm + uIm * wRe];
      }
    }
  }
}

/**
 * Onset strength per frame (FRAME_RATE a second, frame t centred on t / FRAME_RATE s): the summed
 * rise of log magnitudes between successive STFT frames, with its slow local mean taken away so
 * only sudden rises (note and drum attacks) stay.
 */
export function onsetEnvelope(samples: Float32Array, sampleRate: number): Float32Array {
  const hop = sampleRate / FRAME_RATE;
  let size = 1;
  while (size < sampleRate * 0.046) size <<= 1;
  const frames = Math.max(1, Math.ceil(samples.length / hop));
  const bins = size / 2;
  // bins above ~8 kHz add noise more than rhythm
  const topBin = Math.min(bins, Math.ceil((8000 / sampleRate) * size));
  const window = new Float64Array(size).map((_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size));
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  let previous = new Float64Array(topBin);
  let current = new Float64Array(topBin);
  const flux = new Float32Array(frames);
  for (let t = 0; t < frames; t++) {
    const first = Math.round(t * hop) - size / 2;
    for (let i = 0; i < size; i++) {
      const at = first + i;
      re[i] = at >= 0 && at < samples.length ? samples[at] * window[i] : 0;
      im[i] = 0;
    }
    fft(re, im);
    let rise = 0;
    for (let k = 0; k < topBin; k++) {
      // a mild log compression: a stronger one lifts the composer's dotted-eighth echoes to the
      // level of the notes they repeat, and the tempo then follows the echo
      current[k] = Math.log1p(0.1 * Math.hypot(re[k], im[k]));
      if (t > 0) rise += Math.max(0, current[k] - previous[k]);
    }
    flux[t] = rise;
    [previous, current] = [current, previous];
  }
  // remove the local mean over ±0.5 s so a loud passage is not one long onset
  const half = Math.round(FRAME_RATE / 2);
  const out = new Float32Array(frames);
  let sum = 0;
  let count = 0;
  for (let t = -half; t < frames; t++) {
    const enter = t + half;
    if (enter < frames) {
      sum += flux[enter];
      count++;
    }
    const leave = t - half - 1;
    if (leave >= 0) {
      sum -= flux[leave];
      count--;
    }
    if (t >= 0) out[t] = Math.max(0, flux[t] - sum / count);
  }
  let norm = 0;
  for (const v of out) norm += v * v;
  norm = Math.sqrt(norm / frames) || 1;
  for (let t = 0; t < frames; t++) out[t] /= norm;
  return out;
}

/**
 * Tempo in beats per minute from the onset envelope: for each beat period in 60–200 bpm, the
 * envelope's autocorrelation at 1–16 periods, weighted 1/√k (a comb reaching past the bar, so
 * the beat that lines up with bars wins over a
 * busy eighth-note grid), weighted by a log-normal prior around 120 bpm.
 */
export function estimateTempo(envelope: Float32Array): number {
  const minLag = Math.floor((60 * FRAME_RATE) / MAX_BPM);
  const maxLag = Math.ceil((60 * FRAME_RATE) / MIN_BPM);
  const combs = 16;
  const n = envelope.length;
  const autocorrelation = new Float64Array(maxLag * combs + 2);
  for (let lag = 0; lag < autocorrelation.length && lag < n; lag++) {
    let sum = 0;
    for (let t = lag; t < n; t++) sum += envelope[t] * envelope[t - lag];
    autocorrelation[lag] = sum / (n - lag);
  }
  const at = (lag: number) => {
    const low = Math.floor(lag);
    const f = lag - low;
    return (autocorrelation[low] ?? 0) * (1 - f) + (autocorrelation[low + 1] ?? 0) * f;
  };
  let best = PRIOR_BPM;
  let bestScore = -Infinity;
  // a quarter-frame grid: whole-frame lags would quantise 140 bpm to 139.5 or 141.2
  for (let lag = minLag; lag <= maxLag; lag += 0.25) {
    let comb = 0;
    for (let k = 1; k <= combs; k++) comb += Math.max(at(k * lag - 1), at(k * lag), at(k * lag + 1)) / Math.sqrt(k);
    const bpm = (60 * FRAME_RATE) / lag;
    const prior = Math.exp(-0.5 * (Math.log2(bpm / PRIOR_BPM) / PRIOR_OCTAVES) ** 2);
    const score = comb * prior;
    if (score > bestScore) [best, bestScore] = [bpm, score];
  }
  return best;
}

/**
 * Beat times in seconds by dynamic programming: each frame's best score is its onset strength
 * plus the best earlier score, penalised by how far the gap strays from one beat period; the
 * best path is read back from the end. Beats in leading or trailing quiet (where the path only
 * continues the grid) are dropped.
 */
export function trackBeats(envelope: Float32Array, bpm: number): number[] {
  const n = envelope.length;
  if (n === 0) return [];
  const period = (60 * FRAME_RATE) / bpm;
  // a light smoothing over ±period/32 keeps the path from chasing single-frame spikes
  const local = new Float64Array(n);
  const spread = Math.max(1, Math.round(period / 32));
  for (let t = 0; t < n; t++) {
    let sum = 0;
    for (let d = -spread; d <= spread; d++) {
      const at = t + d;
      if (at >= 0 && at < n) sum += envelope[at] * (1 - Math.abs(d) / (spread + 1));
    }
    local[t] = sum;
  }
  const score = new Float64Array(n);
  const from = new Int32Array(n).fill(-1);
  for (let t = 0; t < n; t++) {
    let bestPrev = -1;
    let bestValue = -Infinity;
    const earliest = Math.max(0, Math.round(t - 2 * period));
    const latest = Math.round(t - period / 2);
    for (let p = earliest; p <= latest; p++) {
      const value = score[p] - TIGHTNESS * Math.log((t - p) / period) ** 2;
      if (value > bestValue) [bestPrev, bestValue] = [p, value];
    }
    score[t] = local[t] + (bestPrev >= 0 ? Math.max(0, bestValue) : 0);
    from[t] = bestPrev >= 0 && bestValue > 0 ? bestPrev : -1;
  }
  // the path ends at the best-scoring frame within the last period
  let end = n - 1;
  for (let t = Math.max(0, Math.floor(n - period)); t < n; t++) if (score[t] > score[end]) end = t;
  const frames: number[] = [];
  for (let t = end; t >= 0; t = from[t]) frames.unshift(t);
  return trimQuietEnds(frames, local).map((frame) => frame / FRAME_RATE);
}

// A tenth, not librosa's half: a soft intro (a sixth of the loudness of the rest) must keep its beats.
const QUIET = 0.1;

/** Drops beats at either end whose onset strength is under a tenth of the beats' RMS: silence, not music. */
function trimQuietEnds(frames: number[], local: Float64Array): number[] {
  if (frames.length === 0) return frames;
  const strengths = frames.map((t) => local[t]);
  const rms = Math.sqrt(strengths.reduce((sum, s) => sum + s * s, 0) / strengths.length);
  let first = 0;
  while (first < frames.length && strengths[first] < rms * QUIET) first++;
  let last = frames.length - 1;
  while (last > first && strengths[last] < rms * QUIET) last--;
  return frames.slice(first, last + 1);
}

/** Loudness per beat (RMS from each beat to the next), scaled so the loudest beat is 1. */
export function beatEnergy(samples: Float32Array, sampleRate: number, beats: number[]): number[] {
  const energy = beats.map((start, i) => {
    const end = beats[i + 1] ?? start + (beats[i] - (beats[i - 1] ?? start - 0.5));
    const a = Math.max(0, Math.floor(start * sampleRate));
    const b = Math.min(samples.length, Math.max(a + 1, Math.floor(end * sampleRate)));
    let sum = 0;
    for (let s = a; s < b; s++) sum += samples[s] * samples[s];
    return Math.sqrt(sum / Math.max(1, b - a));
  });
  const peak = Math.max(0, ...energy);
  return energy.map((e) => (peak > 0 ? e / peak : 0));
}

/**
 * Section boundaries as beat indices: where the mean energy of the next eight beats differs
 * from the previous eight by more than a fifth of the range, at most one per eight beats, on
 * bar lines (every fourth beat).
 */
export function sectionBoundaries(energy: number[]): number[] {
  const span = 8;
  const boundaries: number[] = [];
  const mean = (a: number, b: number) => energy.slice(a, b).reduce((s, e) => s + e, 0) / Math.max(1, b - a);
  for (let i = span; i + span <= energy.length; i += 4) {
    if (boundaries.length > 0 && i - boundaries[boundaries.length - 1] < span) continue;
    if (Math.abs(mean(i, i + span) - mean(i - span, i)) > 0.2) boundaries.push(i);
  }
  return boundaries;
}

/** What the choreographer needs to know about a song. */
export interface BeatAnalysis {
  bpm: number;
  /** Seconds. */
  beats: number[];
  /** One value per beat in [0, 1]. */
  energy: number[];
  /** Beat indices where a new section starts. */
  sections: number[];
  durationSeconds: number;
}

export function analyzeBeats(samples: Float32Array, sampleRate: number): BeatAnalysis {
  const envelope = onsetEnvelope(samples, sampleRate);
  const bpm = estimateTempo(envelope);
  const beats = trackBeats(envelope, bpm);
  const energy = beatEnergy(samples, sampleRate, beats);
  return { bpm, beats, energy, sections: sectionBoundaries(energy), durationSeconds: samples.length / sampleRate };
}

/**
 * The standard beat-tracking F-measure (as in mir_eval): a detected beat is a hit when it lies
 * within `tolerance` seconds of a reference beat not already matched; F = 2PR / (P + R).
 */
export function beatFMeasure(reference: number[], detected: number[], tolerance = 0.07): number {
  if (reference.length === 0 || detected.length === 0) return 0;
  const used = new Set<number>();
  let hits = 0;
  for (const d of detected) {
    let best = -1;
    for (let r = 0; r < reference.length; r++) {
      if (used.has(r) || Math.abs(reference[r] - d) > tolerance) continue;
      if (best < 0 || Math.abs(reference[r] - d) < Math.abs(reference[best] - d)) best = r;
    }
    if (best >= 0) {
      used.add(best);
      hits++;
    }
  }
  const precision = hits / detected.length;
  const recall = hits / reference.length;
  return hits === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}
