import { describe, expect, it } from 'vitest';
import { composeArpeggio } from './composer.ts';
import { encodeWav } from './wav.ts';

describe('encodeWav', () => {
  it('writes a 16-bit mono PCM RIFF header that matches the data', () => {
    const wav = encodeWav(new Float32Array(22_050 * 2), 22_050);
    expect(wav.length).toBe(44 + 22_050 * 2 * 2);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt32LE(16)).toBe(16);
    expect(wav.readUInt16LE(20)).toBe(1);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(22_050);
    expect(wav.readUInt32LE(28)).toBe(44_100);
    expect(wav.readUInt16LE(32)).toBe(2);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    expect(wav.readUInt32LE(40)).toBe(22_050 * 2 * 2);
  });

  it('scales samples to the full 16-bit range and clips beyond it', () => {
    const wav = encodeWav(Float32Array.from([0, 1, -1, 0.5, 2, -3]), 8000);
    const values = Array.from({ length: 6 }, (_, i) => wav.readInt16LE(44 + i * 2));
    expect(values).toEqual([0, 32767, -32768, 16384, 32767, -32768]);
  });
});

describe('composeArpeggio', () => {
  const options = { seed: 'test', seconds: 3, sampleRate: 22_050, bpm: 100, tonic: 60, mode: 'major', timbre: 'pluck' } as const;

  it('fills the asked length with audible, unclipped sound', () => {
    const samples = composeArpeggio(options);
    expect(samples.length).toBe(3 * 22_050);
    const peak = samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0);
    expect(peak).toBeGreaterThan(0.5);
    expect(peak).toBeLessThanOrEqual(0.9);
  });

  it('plays the same piece for the same seed and another for another seed', () => {
    expect(composeArpeggio(options)).toEqual(composeArpeggio(options));
    expect(composeArpeggio({ ...options, seed: 'other' })).not.toEqual(composeArpeggio(options));
  });
});
