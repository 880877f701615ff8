import { describe, expect, it } from 'vitest';
import { encodeWithFfmpeg, hasFfmpeg } from '../../../test/voice-clips.ts';
import { composeArpeggio } from '../music/composer.ts';
import { encodeWav } from '../music/wav.ts';
import { decodeSong, MAX_SONG_SECONDS, OFFLINE_DANCE_ENGINE, offlineDanceModel } from './dance-model.ts';

describe('offline dance model', () => {
  it('turns a WAV song into a VRM Animation at its tempo, reporting stages', async () => {
    const samples = composeArpeggio({ seed: 'x', seconds: 12, sampleRate: 22_050, bpm: 120, tonic: 57, mode: 'major', timbre: 'pluck' });
    const stages: string[] = [];
    const result = await offlineDanceModel().dance(
      { audio: encodeWav(samples, 22_050), contentType: 'audio/wav', character: { name: 'Mika', vrm: null }, seed: 'x' },
      { onProgress: (_, stage) => stages.push(stage) },
    );
    expect(result.engine).toBe(OFFLINE_DANCE_ENGINE);
    expect(result.bpm).toBeCloseTo(120, 0);
    expect(result.vrma.toString('latin1', 0, 4)).toBe('glTF');
    expect(stages).toEqual(['decoding', 'tracking beats', 'choreographing', 'done']);
  });

  it.skipIf(!hasFfmpeg)('decodes an MP3 song through ffmpeg (needs ffmpeg)', async () => {
    const samples = composeArpeggio({ seed: 'y', seconds: 12, sampleRate: 22_050, bpm: 100, tonic: 57, mode: 'minor', timbre: 'bell' });
    const mp3 = encodeWithFfmpeg(encodeWav(samples, 22_050), 'mp3');
    const result = await offlineDanceModel().dance({ audio: mp3, contentType: 'audio/mpeg', character: { name: 'Mika', vrm: null }, seed: 'y' });
    expect(result.bpm).toBeCloseTo(100, 0);
    await expect(offlineDanceModel().dance({ audio: Buffer.from('not audio at all'), contentType: 'audio/mpeg', character: { name: 'Mika', vrm: null }, seed: 'y' })).rejects.toThrow(
      /ffmpeg could not decode/,
    );
  });

  it('decodes only the first ten minutes of a longer WAV, as ffmpeg does for other types', async () => {
    const rate = 8000;
    const long = new Float32Array((MAX_SONG_SECONDS + 10) * rate).map((_, i) => 0.5 * Math.sin(i / 3));
    const { samples, sampleRate } = await decodeSong(encodeWav(long, rate), 'audio/wav');
    expect(sampleRate).toBe(rate);
    expect(samples.length).toBe(MAX_SONG_SECONDS * rate);
    const short = await decodeSong(encodeWav(long.subarray(0, 30 * rate), rate), 'audio/wav');
    expect(short.samples.length).toBe(30 * rate);
  });
});
