import { describe, expect, it } from 'vitest';
import { encodeWithFfmpeg, hasFfmpeg, voiceWav } from '../../../test/voice-clips.ts';
import { ClipRefused, probeClip, sniffAudioType } from './audio-probe.ts';
import { espeakParamsFor, offlineVoiceCloner } from './offline-cloner.ts';
import { decodeWav } from './pcm.ts';
import { analyseVoice } from './voice-analysis.ts';

const refused = async (bytes: Buffer) => {
  const err = await probeClip(bytes).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ClipRefused);
  return (err as ClipRefused).problem;
};

describe('audio probe', () => {
  it('tells audio types apart by their first bytes, not their names', () => {
    const pad = (head: number[] | string) => Buffer.concat([Buffer.from(head as never), Buffer.alloc(16)]);
    expect(sniffAudioType(voiceWav({ seconds: 0.1, sampleRate: 8000 }))).toBe('audio/wav');
    expect(sniffAudioType(pad('ID3'))).toBe('audio/mpeg');
    expect(sniffAudioType(pad([0xff, 0xfb, 0x90, 0x00]))).toBe('audio/mpeg');
    expect(sniffAudioType(pad([0xff, 0xf1, 0x50, 0x80]))).toBeNull(); // ADTS AAC, not MPEG audio
    expect(sniffAudioType(pad('OggS'))).toBe('audio/ogg');
    expect(sniffAudioType(pad('fLaC'))).toBe('audio/flac');
    expect(sniffAudioType(pad([0, 0, 0, 0x20, ...Buffer.from('ftypM4A ')]))).toBe('audio/mp4');
    expect(sniffAudioType(pad([0x1a, 0x45, 0xdf, 0xa3]))).toBe('audio/webm');
    expect(sniffAudioType(Buffer.from('hello, this is a text file renamed to .wav'))).toBeNull();
  });

  it('accepts a 5-second 44.1 kHz clip and reads its length and rate', async () => {
    expect(await probeClip(voiceWav({ seconds: 5, sampleRate: 44_100 }))).toEqual({ contentType: 'audio/wav', durationSeconds: 5, sampleRate: 44_100 });
  });

  it('refuses each broken rule by name', async () => {
    expect(await refused(voiceWav({ seconds: 2, sampleRate: 44_100 }))).toBe('too-short');
    expect(await refused(voiceWav({ seconds: 9, sampleRate: 44_100 }))).toBe('too-long');
    expect(await refused(voiceWav({ seconds: 5, sampleRate: 16_000 }))).toBe('sample-rate');
    expect(await refused(Buffer.from('not audio at all'))).toBe('type');
    expect(await refused(Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVE'), Buffer.alloc(20)]))).toBe('unreadable');
    expect(await refused(Buffer.alloc(5 * 1024 * 1024 + 1))).toBe('too-large');
  });

  it.skipIf(!hasFfmpeg)(
    'reads an MP3 made by ffmpeg (needs ffmpeg; skipped without it)',
    async () => {
      const mp3 = encodeWithFfmpeg(voiceWav({ seconds: 5, sampleRate: 44_100 }), 'mp3');
      const probed = await probeClip(mp3);
      expect(probed.contentType).toBe('audio/mpeg');
      expect(probed.sampleRate).toBe(44_100);
      expect(probed.durationSeconds).toBeGreaterThan(4.9);
      expect(probed.durationSeconds).toBeLessThan(5.2);
    },
    20_000,
  );

  it.skipIf(!hasFfmpeg)(
    'measures a streamed WebM without a duration, as browsers record it (needs ffmpeg)',
    async () => {
      const webm = encodeWithFfmpeg(voiceWav({ seconds: 5, sampleRate: 48_000 }), 'webm', ['-c:a', 'libopus']);
      const probed = await probeClip(webm);
      expect(probed).toMatchObject({ contentType: 'audio/webm', sampleRate: 48_000 });
      expect(probed.durationSeconds).toBeGreaterThan(4.9);
      expect(probed.durationSeconds).toBeLessThan(5.1);
      const long = encodeWithFfmpeg(voiceWav({ seconds: 12, sampleRate: 48_000 }), 'webm', ['-c:a', 'libopus']);
      expect(await refused(long)).toBe('too-long');
    },
    20_000,
  );
});

describe('offline voice analysis', () => {
  it('hears the pitch and the syllable rate of a clip', () => {
    for (const [pitchHz, syllablesPerSecond] of [
      [110, 3],
      [220, 5],
    ]) {
      const { samples, sampleRate } = decodeWav(voiceWav({ seconds: 5, sampleRate: 44_100, pitchHz, syllablesPerSecond, channels: 2 }));
      const heard = analyseVoice(samples, sampleRate);
      expect(heard.pitchHz).toBeGreaterThan(pitchHz * 0.95);
      expect(heard.pitchHz).toBeLessThan(pitchHz * 1.05);
      // the gate drops each syllable's quiet edges, so speech time is shorter than the clip
      expect(heard.syllablesPerSecond).toBeGreaterThan(syllablesPerSecond * 0.9);
      expect(heard.syllablesPerSecond).toBeLessThan(syllablesPerSecond * 1.6);
    }
  });

  it('refuses silence', () => {
    expect(() => analyseVoice(new Float32Array(44_100 * 4), 44_100)).toThrow(/silent/);
  });

  it('maps low voices to male eSpeak variants and high ones to female, in range', () => {
    expect(espeakParamsFor({ pitchHz: 100, syllablesPerSecond: 4, voicedShare: 1 }, 'en')).toEqual({ engine: 'espeak-ng', voice: 'en-us+m3', pitch: 38, speed: 171 });
    expect(espeakParamsFor({ pitchHz: 260, syllablesPerSecond: 5, voicedShare: 1 }, 'zh')).toEqual({ engine: 'espeak-ng', voice: 'cmn+f2', pitch: 70, speed: 300 });
    expect(espeakParamsFor({ pitchHz: 40, syllablesPerSecond: 0.1, voicedShare: 1 }, 'en')).toMatchObject({ pitch: 0, speed: 80 });
  });

  it('clones a WAV clip into eSpeak parameters', async () => {
    const clip = voiceWav({ seconds: 4, sampleRate: 22_050, pitchHz: 200, syllablesPerSecond: 4 });
    const cloned = await offlineVoiceCloner().clone({ audio: clip, contentType: 'audio/wav', durationSeconds: 4, sampleRate: 22_050, language: 'en' });
    expect(cloned.engine).toMatch(/Offline voice matcher/);
    expect(cloned.engineParams).toMatchObject({ engine: 'espeak-ng', voice: 'en-us+f3' });
  });

  it.skipIf(!hasFfmpeg)(
    'clones an MP3 clip through ffmpeg (needs ffmpeg; skipped without it)',
    async () => {
      const mp3 = encodeWithFfmpeg(voiceWav({ seconds: 4, sampleRate: 44_100, pitchHz: 120 }), 'mp3');
      const cloned = await offlineVoiceCloner().clone({ audio: mp3, contentType: 'audio/mpeg', durationSeconds: 4, sampleRate: 44_100 });
      expect(cloned.engineParams).toMatchObject({ engine: 'espeak-ng', voice: 'en-us+m1' });
    },
    20_000,
  );
});
