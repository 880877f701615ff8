/** What the offline cloner hears in a clip. */
export interface VoiceAnalysis {
  /** Median fundamental frequency of the voiced parts, in Hz. */
  pitchHz: number;
  /** Syllable onsets per second of speech. */
  syllablesPerSecond: number;
  /** Share of the clip that carries voice, 0..1. */
  voicedShare: number;
}

/** The clip holds no voice to measure (silence, noise, or a steady tone). */
export class NoVoiceError extends Error {}

const MIN_F0 = 60;
const MAX_F0 = 400;
// autocorrelation needs no more than this; decimating keeps an 8 s clip well under a second
const TARGET_RATE = 11_025;

function decimate(samples: Float32Array, sampleRate: number): { samples: Float32Array; sampleRate: number } {
  const factor = Math.max(1, Math.floor(sampleRate / TARGET_RATE));
  if (factor === 1) return { samples, sampleRate };
  const out = new Float32Array(Math.floor(samples.length / factor));
  // averaging each group is a crude low-pass filter that keeps aliasing out of the F0 range
  for (let i = 0; i < out.length; i++) {
    let sum = 0;
    for (let j = 0; j < factor; j++) sum += samples[i * factor + j];
    out[i] = sum / factor;
  }
  return { samples: out, sampleRate: sampleRate / factor };
}

function rms(samples: Float32Array, start: number, length: number): number {
  let sum = 0;
  for (let i = start; i < start + length; i++) sum += samples[i] * samples[i];
  return Math.sqrt(sum / length);
}

/** Normalized autocorrelation pitch of one frame, or null when the frame is not clearly periodic. */
function framePitch(x: Float32Array, start: number, length: number, sampleRate: number): number | null {
  const minLag = Math.floor(sampleRate / MAX_F0);
  const maxLag = Math.ceil(sampleRate / MIN_F0);
  if (start + length + maxLag > x.length) return null;
  let best = 0;
  let bestLag = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    let cross = 0;
    let a = 0;
    let b = 0;
    for (let i = start; i < start + length; i++) {
      cross += x[i] * x[i + lag];
      a += x[i] * x[i];
      b += x[i + lag] * x[i + lag];
    }
    const r = cross / Math.sqrt(a * b || 1);
    if (r > best) {
      best = r;
      bestLag = lag;
    }
  }
  return best > 0.6 ? sampleRate / bestLag : null;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * Estimates a speaker's pitch (autocorrelation over 40 ms frames with enough energy) and
 * speaking rate (peaks of the smoothed 10 ms energy envelope, one per syllable).
 * Throws when the clip holds no clear voice.
 */
export function analyseVoice(input: Float32Array, inputRate: number): VoiceAnalysis {
  const { samples, sampleRate } = decimate(input, inputRate);
  const frame = Math.round(sampleRate * 0.04);
  const hop = Math.round(sampleRate * 0.02);
  const energies: number[] = [];
  for (let start = 0; start + frame <= samples.length; start += hop) energies.push(rms(samples, start, frame));
  const loudest = Math.max(...energies, 0);
  if (loudest < 0.01) throw new NoVoiceError('the clip is silent');
  const gate = loudest * 0.15;
  const pitches: number[] = [];
  let voicedFrames = 0;
  energies.forEach((energy, i) => {
    if (energy < gate) return;
    voicedFrames++;
    const f0 = framePitch(samples, i * hop, frame, sampleRate);
    if (f0) pitches.push(f0);
  });
  if (pitches.length < 5) throw new NoVoiceError('no clear voice was found in the clip');

  const step = Math.round(sampleRate * 0.01);
  const envelope: number[] = [];
  for (let start = 0; start + step <= samples.length; start += step) envelope.push(rms(samples, start, step));
  // a 50 ms moving average merges the ripples inside one syllable
  const smooth = envelope.map((_, i) => {
    const from = Math.max(0, i - 2);
    const to = Math.min(envelope.length, i + 3);
    return envelope.slice(from, to).reduce((a, b) => a + b, 0) / (to - from);
  });
  const peakGate = Math.max(...smooth) * 0.25;
  let syllables = 0;
  let lastPeak = -Infinity;
  for (let i = 1; i < smooth.length - 1; i++) {
    const isPeak = smooth[i] >= peakGate && smooth[i] > smooth[i - 1] && smooth[i] >= smooth[i + 1];
    // syllables are at least ~100 ms apart even in fast speech
    if (isPeak && i - lastPeak >= 10) {
      syllables++;
      lastPeak = i;
    }
  }
  const speechSeconds = Math.max(0.5, (voicedFrames * hop) / sampleRate);
  return { pitchHz: median(pitches), syllablesPerSecond: syllables / speechSeconds, voicedShare: voicedFrames / energies.length };
}
