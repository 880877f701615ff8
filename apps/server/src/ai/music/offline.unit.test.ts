import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { canRun } from '../speech/run-process.ts';
import { decodeWav } from '../voice/pcm.ts';
import { decodeAudio } from './encode.ts';
import type { MusicProgress } from './music-model.ts';
import { offlineMusicModel } from './offline.ts';
import { composeSong, planSections, renderTempoTrack } from './song.ts';
import { readStyle } from './style.ts';

const hasFfmpeg = await canRun('ffmpeg', ['-version']);
const FRAME_SECONDS = 0.005;

/** Rises of energy from one 25 ms window to the next, 5 ms on: large where notes and drums start, largest at the kick. */
function onsetEnvelope(samples: Float32Array, rate: number): number[] {
  // windows longer than a kick's lowest period, so its energy does not ripple within one hit
  const frame = Math.round(rate * 0.025);
  const hop = Math.round(rate * FRAME_SECONDS);
  const energy: number[] = [];
  for (let at = 0; at + frame <= samples.length; at += hop) {
    let sum = 0;
    for (let i = at; i < at + frame; i++) sum += samples[i] * samples[i];
    energy.push(sum / frame);
  }
  return energy.map((e, i) => (i === 0 ? 0 : Math.max(0, e - energy[i - 1])));
}

/**
 * The tempo whose beat period best lines the onset envelope up with itself (autocorrelation),
 * searched from 0.7 to 1.4 times `near`: a bar-long groove lines up at half the tempo too, and
 * which octave is the beat is checked apart, by onsets on the beats against between them.
 */
function measuredBpm(samples: Float32Array, rate: number, near: number): number {
  const envelope = onsetEnvelope(samples, rate);
  let [best, bestScore] = [0, Number.NEGATIVE_INFINITY];
  for (let bpm = near * 0.7; bpm <= near * 1.4; bpm += 0.25) {
    const lag = 60 / bpm / FRAME_SECONDS;
    let score = 0;
    for (let i = 0; i + Math.ceil(lag) < envelope.length; i++) {
      // linear interpolation lets the lag fall between frames, so tempi are not rounded to 10 ms
      const j = i + lag;
      const f = j - Math.floor(j);
      score += envelope[i] * (envelope[Math.floor(j)] * (1 - f) + envelope[Math.ceil(j)] * f);
    }
    if (score > bestScore) [best, bestScore] = [bpm, score];
  }
  return best;
}

const rms = (samples: Float32Array, from = 0, to = samples.length) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i] * samples[i];
  return Math.sqrt(sum / (to - from));
};

/** Energy of the first difference over energy of the signal: grows with the spectrum's centroid. */
const brightness = (samples: Float32Array) => {
  let [d, s] = [0, 0];
  for (let i = 1; i < samples.length; i++) {
    d += (samples[i] - samples[i - 1]) ** 2;
    s += samples[i] ** 2;
  }
  return d / s;
};

describe('readStyle', () => {
  it('reads tempo, mood, instrument and drum words', () => {
    expect(readStyle('slow sad piano')).toMatchObject({ mode: 'minor', lead: 'piano', drums: 'none' });
    expect(readStyle('slow sad piano').bpm).toBeLessThanOrEqual(72);
    expect(readStyle('fast energetic rock with drums')).toMatchObject({ genre: 'rock', lead: 'saw', drums: 'rock' });
    expect(readStyle('fast energetic rock with drums').bpm).toBeGreaterThanOrEqual(140);
    expect(readStyle('a happy tune').mode).toBe('major');
    expect(readStyle('a melancholic tune').mode).toBe('minor');
    expect(readStyle('house music at 123 bpm')).toMatchObject({ bpm: 123, drums: 'four-on-the-floor' });
    expect(readStyle('ambient strings with drums').drums).not.toBe('none');
    expect(readStyle('jazz, no drums').drums).toBe('none');
    expect(readStyle('快樂的鋼琴')).toMatchObject({ mode: 'major', lead: 'piano' });
    expect(readStyle('悲傷的慢歌')).toMatchObject({ mode: 'minor', bpm: 72 });
    expect(readStyle('快節奏的搖滾').bpm).toBeGreaterThanOrEqual(140);
    // 快樂 (happy) starts with 快 (fast) but is no tempo word
    expect(readStyle('快樂的鋼琴').bpm).toBe(readStyle('piano').bpm);
  });

  it('matches words at their start, so "upbeat" is not a hip hop "beat"', () => {
    expect(readStyle('upbeat pop').genre).toBe('pop');
    expect(readStyle('lofi hip hop').genre).toBe('hip hop');
  });

  it('keeps an explicit tempo within the playable range', () => {
    expect(readStyle('999 bpm').bpm).toBe(200);
    expect(readStyle('20 bpm').bpm).toBe(50);
  });
});

describe('planSections', () => {
  it('gives every song of four bars or more an intro, verses, choruses and an outro covering all bars', () => {
    for (const bars of [4, 5, 9, 16, 30, 75]) {
      const parts = planSections(bars);
      expect(parts.map((p) => p.name)).toEqual(expect.arrayContaining(['intro', 'verse', 'chorus', 'outro']));
      expect(parts[0].name).toBe('intro');
      expect(parts.at(-1)?.name).toBe('outro');
      expect(parts.reduce((sum, p) => sum + p.bars, 0)).toBe(bars);
      expect(parts.every((p) => p.bars >= 1)).toBe(true);
    }
  });
});

describe('renderTempoTrack', () => {
  it.each([90, 120, 137, 160])('plays at exactly %i bpm, with onsets on its true beats', (bpm) => {
    const track = renderTempoTrack(bpm, 30);
    expect(track.beats[1] - track.beats[0]).toBeCloseTo(60 / bpm, 9);
    expect(track.beats.at(-1)).toBeLessThan(30);
    expect(Math.abs(measuredBpm(track.samples, track.sampleRate, bpm) - bpm)).toBeLessThanOrEqual(1);
    // onset strength on the beats against halfway between them
    const envelope = onsetEnvelope(track.samples, track.sampleRate);
    const strength = (times: number[]) => times.reduce((sum, t) => sum + Math.max(...[-1, 0, 1, 2, 3].map((d) => envelope[Math.round(t / FRAME_SECONDS) + d] ?? 0)), 0) / times.length;
    const between = track.beats.slice(0, -1).map((t) => t + 30 / bpm);
    expect(strength(track.beats)).toBeGreaterThan(4 * strength(between));
  });
});

describe('offlineMusicModel', () => {
  const model = offlineMusicModel();
  const request = { seconds: 40, instrumental: true, seed: 7 };

  it('makes "slow sad piano" and "fast energetic rock with drums" measurably different', async () => {
    const sad = await model.generate({ ...request, description: 'slow sad piano' });
    const rock = await model.generate({ ...request, description: 'fast energetic rock with drums' });
    const a = decodeWav(sad.audio);
    const b = decodeWav(rock.audio);
    expect(sad.settings).toMatchObject({ drums: 'none', lead: 'piano' });
    expect(rock.settings).toMatchObject({ drums: 'rock', lead: 'saw' });
    expect(String(sad.settings.key)).toMatch(/minor$/);
    // the rock track's drums carry its tempo; the measure finds the asked one
    expect(Math.abs(measuredBpm(b.samples, b.sampleRate, Number(rock.settings.bpm)) - Number(rock.settings.bpm))).toBeLessThanOrEqual(1);
    expect(Number(rock.settings.bpm)).toBeGreaterThan(1.8 * Number(sad.settings.bpm));
    // louder (driven mix, denser parts) and brighter (buzzing lead, hats) than the quiet piano
    expect(rms(b.samples)).toBeGreaterThan(1.4 * rms(a.samples));
    expect(brightness(b.samples)).toBeGreaterThan(1.3 * brightness(a.samples));
  });

  it('plays its sections with dynamics: the chorus louder than the intro and the verse', () => {
    const style = readStyle('pop with drums');
    const song = composeSong({ seed: 'dyn', seconds: 60, sampleRate: 22_050, tonic: 57, style });
    expect(song.sections[0]).toMatchObject({ name: 'intro', start: 0 });
    expect(song.sections.at(-1)).toMatchObject({ name: 'outro', end: 60 });
    for (let i = 1; i < song.sections.length; i++) expect(song.sections[i].start).toBeCloseTo(song.sections[i - 1].end, 9);
    const loudness = (name: string) => {
      const s = song.sections.find((x) => x.name === name);
      if (!s) throw new Error(`no ${name}`);
      return rms(song.samples, Math.floor(s.start * 22_050), Math.floor(s.end * 22_050));
    };
    expect(loudness('chorus')).toBeGreaterThan(1.2 * loudness('verse'));
    expect(loudness('verse')).toBeGreaterThan(1.2 * loudness('intro'));
  });

  it('answers a WAV of the asked length and a waveform picture, the same for the same seed', async () => {
    const progress: MusicProgress[] = [];
    const a = await model.generate({ ...request, seconds: 12, description: 'happy folk' }, { onProgress: (p) => progress.push(p) });
    const b = await model.generate({ ...request, seconds: 12, description: 'happy folk' });
    expect(a.contentType).toBe('audio/wav');
    expect(a.engine).toBe('Starlit algorithmic composer (offline)');
    expect(decodeWav(a.audio).samples.length).toBe(12 * 22_050);
    expect(a.audio.equals(b.audio)).toBe(true);
    expect(await sharp(a.waveform).metadata()).toMatchObject({ format: 'png', width: 800, height: 160 });
    expect(progress.at(-1)).toEqual({ stage: 'done', percent: 100 });
    expect(a.settings).toMatchObject({ seconds: 12, instrumental: true, genre: 'folk' });
  });

  it('clamps the length to 10–180 seconds and stops when aborted', async () => {
    const short = await model.generate({ ...request, seconds: 1, description: 'calm' });
    expect(short.seconds).toBe(10);
    await expect(model.generate({ ...request, description: 'calm' }, { signal: AbortSignal.abort(new Error('stop')) })).rejects.toThrow('stop');
  });

  it.skipIf(!hasFfmpeg)('encodes MP3 with its settings in the tags (needs ffmpeg)', async () => {
    const mp3 = await model.generate({ ...request, seconds: 10, description: 'techno', format: 'mp3' });
    expect(mp3.contentType).toBe('audio/mpeg');
    expect(mp3.audio.toString('latin1', 0, 3)).toBe('ID3');
    expect(mp3.audio.toString('latin1')).toContain('"genre":"electronic"');
    const decoded = await decodeAudio(mp3.audio);
    expect(decoded.samples.length / decoded.sampleRate).toBeGreaterThan(9.9);
    expect(decoded.samples.length / decoded.sampleRate).toBeLessThan(10.2);
  });
});
