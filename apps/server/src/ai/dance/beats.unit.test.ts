import { describe, expect, it } from 'vitest';
import { composeArpeggio } from '../music/composer.ts';
import { analyzeBeats, beatFMeasure, estimateTempo, onsetEnvelope } from './beats.ts';

const RATE = 22_050;
const reference = (bpm: number, seconds: number, offset: number) => Array.from({ length: Math.floor((seconds * bpm) / 60 - 1e-9) + 1 }, (_, k) => offset + (k * 60) / bpm);

/** A composer piece after `lead` seconds of silence. */
function song(bpm: number, seed: string, lead: number, timbre: 'pluck' | 'bell' | 'soft') {
  const music = composeArpeggio({ seed, seconds: 30, sampleRate: RATE, bpm, tonic: 57, mode: 'minor', timbre });
  const out = new Float32Array(music.length + Math.round(lead * RATE));
  out.set(music, Math.round(lead * RATE));
  return out;
}

describe('beat F-measure', () => {
  it('counts each reference beat once within the tolerance', () => {
    expect(beatFMeasure([1, 2, 3, 4], [1.05, 2, 3.1, 4])).toBeCloseTo((2 * 0.75 * 0.75) / 1.5);
    expect(beatFMeasure([1, 2], [1, 1.01, 2])).toBeCloseTo((2 * (2 / 3)) / (2 / 3 + 1));
    expect(beatFMeasure([1, 2], [])).toBe(0);
  });
});

describe('beat tracking of composer pieces', () => {
  const cases = [80, 100, 120, 140].flatMap((bpm) => [
    { bpm, seed: 'aurora', lead: 0, timbre: 'pluck' as const },
    { bpm, seed: 'tide', lead: 2.3, timbre: 'soft' as const },
    { bpm, seed: 'ember', lead: 0.7, timbre: 'bell' as const },
  ]);
  it.each(cases)('finds the beats of $bpm bpm ($timbre, $lead s of silence first) with F ≥ 0.9 at ±70 ms', ({ bpm, seed, lead, timbre }) => {
    const analysis = analyzeBeats(song(bpm, seed, lead, timbre), RATE);
    expect(Math.abs(analysis.bpm - bpm)).toBeLessThan(1.5);
    expect(beatFMeasure(reference(bpm, 30, lead), analysis.beats)).toBeGreaterThanOrEqual(0.9);
    // no beats invented in the leading silence
    expect(analysis.beats[0]).toBeGreaterThan(lead - 0.07);
  });

  it('scores a wrong tempo low, so the test can fail', () => {
    const analysis = analyzeBeats(song(120, 'aurora', 0, 'pluck'), RATE);
    expect(beatFMeasure(reference(100, 30, 0), analysis.beats)).toBeLessThan(0.5);
  });

  it('reads a click track at its tempo', () => {
    const clicks = new Float32Array(20 * RATE);
    for (let t = 0.5; t < 20; t += 60 / 132) for (let i = 0; i < 400; i++) clicks[Math.round(t * RATE) + i] = Math.sin(i * 0.6) * Math.exp(-i / 80);
    expect(estimateTempo(onsetEnvelope(clicks, RATE))).toBeCloseTo(132, -0.5);
  });

  it('gives louder beats more energy and a section boundary where the music gets loud', () => {
    const quiet = song(120, 'aurora', 0, 'pluck');
    const mixed = new Float32Array(quiet.length);
    for (let i = 0; i < quiet.length; i++) mixed[i] = quiet[i] * (i < quiet.length / 2 ? 0.15 : 1);
    const analysis = analyzeBeats(mixed, RATE);
    const half = analysis.beats.findIndex((t) => t >= 15);
    const mean = (a: number[]) => a.reduce((s, e) => s + e, 0) / a.length;
    expect(mean(analysis.energy.slice(half + 2))).toBeGreaterThan(3 * mean(analysis.energy.slice(2, half - 2)));
    expect(analysis.sections.some((b) => Math.abs(b - half) <= 4)).toBe(true);
  });
});
