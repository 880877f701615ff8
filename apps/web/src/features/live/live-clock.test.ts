import { describe, expect, it } from 'vitest';
import { clockOffset, formatDuration, isDrifting, playheadAt, reconnectDelay, swayPhase } from './live-clock';

describe('clockOffset', () => {
  it('takes the midpoint of the shortest round trip', () => {
    const samples = [
      { t0: 1000, now: 6100, t1: 1400 }, // 400 ms trip: 6100 − 1200 = 4900
      { t0: 2000, now: 7030, t1: 2040 }, // 40 ms trip: 7030 − 2020 = 5010
      { t0: 3000, now: 8200, t1: 3300 },
    ];
    expect(clockOffset(samples)).toBe(5010);
  });
  it('is null without samples and skips broken ones', () => {
    expect(clockOffset([])).toBeNull();
    expect(clockOffset([{ t0: 10, now: Number.NaN, t1: 20 }])).toBeNull();
    expect(clockOffset([{ t0: 10, now: 100, t1: 5 }])).toBeNull();
  });
  it('a server behind the device gives a negative offset', () => {
    expect(clockOffset([{ t0: 10_000, now: 7_010, t1: 10_020 }])).toBe(-3000);
  });
});

describe('playheadAt', () => {
  const start = 1_000_000;
  it('finds the track and the offset inside it', () => {
    expect(playheadAt([10, 20], start, start + 5_000)).toEqual({ index: 0, offset: 5, remaining: 5 });
    expect(playheadAt([10, 20], start, start + 12_500)).toEqual({ index: 1, offset: 2.5, remaining: 17.5 });
  });
  it('loops the playlist', () => {
    expect(playheadAt([10, 20], start, start + 31_000)).toEqual({ index: 0, offset: 1, remaining: 9 });
    expect(playheadAt([10, 20], start, start + 30_000 * 100 + 15_000)).toEqual({ index: 1, offset: 5, remaining: 15 });
  });
  it('starts at zero before the start time and skips empty tracks', () => {
    expect(playheadAt([10], start, start - 5000)).toEqual({ index: 0, offset: 0, remaining: 10 });
    expect(playheadAt([0, 10], start, start + 3000)).toEqual({ index: 1, offset: 3, remaining: 7 });
  });
  it('is null for a playlist without length', () => {
    expect(playheadAt([], start, start)).toBeNull();
    expect(playheadAt([0, Number.NaN], start, start)).toBeNull();
  });
  it('at a track boundary belongs to the next track', () => {
    expect(playheadAt([10, 20], start, start + 10_000)).toEqual({ index: 1, offset: 0, remaining: 20 });
  });
});

describe('drift, sway, reconnect, duration', () => {
  it('re-seeks past 150 ms only', () => {
    expect(isDrifting(10.1, 10)).toBe(false);
    expect(isDrifting(10.2, 10)).toBe(true);
    expect(isDrifting(9.84, 10)).toBe(true);
    expect(isDrifting(Number.NaN, 10)).toBe(true);
  });
  it('sways once per two beats, at 110 bpm without a tempo', () => {
    expect(swayPhase(0, 120)).toBeCloseTo(0);
    expect(swayPhase(0.25, 120)).toBeCloseTo(1);
    expect(swayPhase(0.5, 120)).toBeCloseTo(0);
    expect(swayPhase(60 / 110 / 2, null)).toBeCloseTo(1);
  });
  it('backs off 1 s to 10 s', () => {
    expect([0, 1, 2, 3, 4, 9].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });
  it('formats durations', () => {
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});
