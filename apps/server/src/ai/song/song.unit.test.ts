import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { degreeNote, frequency, SCALES } from '../music/composer.ts';
import { encodeWav } from '../music/wav.ts';
import { canRun } from '../speech/run-process.ts';
import { decodeWav } from '../voice/pcm.ts';
import { composeBacking } from './backing.ts';
import type { Lyrics } from './lyrics.ts';
import { genreFeel, writeMelody } from './melody.ts';
import { mixSong } from './mix.ts';
import { lyricSheet } from './sheet.ts';

const installed = (await canRun('ffmpeg', ['-version'])) && (await canRun('ffprobe', ['-version']));

const lyrics: Lyrics = {
  title: 'Harbour Lights',
  sections: [
    { kind: 'verse', lines: ['Lanterns on the water'] },
    { kind: 'chorus', lines: ['Shine on harbour lights'] },
    { kind: 'verse', lines: ['Comets in the window'] },
    { kind: 'chorus', lines: ['Shine on harbour lights'] },
  ],
};
const feel = genreFeel('rock');
const melody = writeMelody(lyrics, { ...feel, seed: 3, lang: 'en_US' });

/** Power of `hz` in `samples[from, to)` (Goertzel), per sample. */
function power(samples: Float32Array, rate: number, hz: number, from: number, to: number): number {
  const k = 2 * Math.cos((2 * Math.PI * hz) / rate);
  let [s1, s2] = [0, 0];
  for (let i = from; i < to; i++) [s1, s2] = [samples[i] + k * s1 - s2, s1];
  return (s1 * s1 + s2 * s2 - k * s1 * s2) / (to - from) ** 2;
}

/** What ffprobe reads of a file: its duration and tags. */
function probe(bytes: Buffer, extension: string): { duration: number; tags: Record<string, string>; codec: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'song-test-'));
  try {
    const file = path.join(dir, `song.${extension}`);
    writeFileSync(file, bytes);
    const out = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:format_tags:stream=codec_name', '-of', 'json', file], { encoding: 'utf8' });
    const json = JSON.parse(out.stdout) as { format: { duration: string; tags?: Record<string, string> }; streams: Array<{ codec_name: string }> };
    return { duration: Number(json.format.duration), tags: json.format.tags ?? {}, codec: json.streams[0].codec_name };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('composeBacking', () => {
  it('plays the melody length at its tempo, over the chords the melody was written on', async () => {
    const backing = await composeBacking(melody, { genre: 'rock', seed: 3 });
    const { samples, sampleRate } = decodeWav(backing.audio);
    expect(backing.seconds).toBeCloseTo(melody.seconds, 3);
    expect(samples.length / sampleRate).toBeCloseTo(melody.seconds, 3);
    // in each bar the three loudest pitch classes (summed over four octaves) are the triad the melody was written over
    const scale = SCALES[feel.mode];
    let agree = 0;
    for (const bar of melody.bars) {
      const triad = [0, 2, 4].map((step) => ((degreeNote(feel.tonic, scale, bar.chord + step) % 12) + 12) % 12).sort((a, b) => a - b);
      const from = Math.floor((bar.start + 60 / feel.bpm / 2) * sampleRate);
      const to = Math.floor((bar.start + (60 / feel.bpm) * 3.8) * sampleRate);
      const chroma = Array.from({ length: 12 }, (_, pc) => [36, 48, 60, 72].reduce((sum, octave) => sum + power(samples, sampleRate, frequency(octave + pc), from, to), 0));
      const loudest = chroma
        .map((p, pc) => [p, pc])
        .sort((a, b) => b[0] - a[0])
        .slice(0, 3)
        .map(([, pc]) => pc)
        .sort((a, b) => a - b);
      if (loudest.join() === triad.join()) agree++;
    }
    expect(agree / melody.bars.length).toBeGreaterThanOrEqual(0.9);
  });

  it('is the same for the same seed, and quieter in the intro than in the chorus', async () => {
    const a = await composeBacking(melody, { genre: 'pop', seed: 1 });
    expect((await composeBacking(melody, { genre: 'pop', seed: 1 })).audio.equals(a.audio)).toBe(true);
    const { samples, sampleRate } = decodeWav(a.audio);
    const rms = (from: number, to: number) => {
      let sum = 0;
      for (let i = Math.floor(from * sampleRate); i < Math.floor(to * sampleRate); i++) sum += samples[i] * samples[i];
      return Math.sqrt(sum / ((to - from) * sampleRate));
    };
    const bar = (60 / feel.bpm) * 4;
    const chorus = melody.bars.find((b) => b.part === 'chorus')?.start ?? 0;
    expect(rms(0.1, bar)).toBeLessThan(rms(chorus, chorus + bar) * 0.8);
  });
});

describe.skipIf(!installed)('mixSong (needs ffmpeg and ffprobe)', () => {
  it('puts the vocal over the lowered backing in a WAV and a tagged MP3 as long as the backing', async () => {
    // a stand-in vocal that is easy to find in the mix: a 1 kHz tone (off the key's pitches) during every note
    const rate = 22_050;
    const tone = new Float32Array(Math.round(melody.seconds * rate));
    for (const note of melody.notes) for (let i = Math.round(note.start * rate); i < Math.round((note.start + note.seconds) * rate); i++) tone[i] = 0.5 * Math.sin((2 * Math.PI * 1000 * i) / rate);
    const backing = await composeBacking(melody, { genre: 'rock', seed: 3 });
    const song = await mixSong(encodeWav(tone, rate), backing.audio, { title: 'Harbour Lights 港口', artist: 'Mira' });
    expect(song.seconds).toBeCloseTo(backing.seconds, 2);
    const wav = probe(song.wav, 'wav');
    const mp3 = probe(song.mp3, 'mp3');
    expect(wav.codec).toBe('pcm_s16le');
    expect(mp3.codec).toBe('mp3');
    expect(wav.duration).toBeCloseTo(backing.seconds, 2);
    // an MP3 frame is 26 ms: the encoder may round the end up to one
    expect(Math.abs(mp3.duration - backing.seconds)).toBeLessThan(0.06);
    expect(mp3.tags).toMatchObject({ title: 'Harbour Lights 港口', artist: 'Mira' });

    const mixed = decodeWav(song.wav);
    const original = decodeWav(backing.audio);
    /** Amplitude of the 1 kHz tone and RMS of everything else in `[from, to)` seconds. */
    const levels = (samples: Float32Array, sampleRate: number, from: number, to: number) => {
      const [a, b] = [Math.floor(from * sampleRate), Math.floor(to * sampleRate)];
      const toneAmplitude = 2 * Math.sqrt(power(samples, sampleRate, 1000, a, b));
      const total = samples.subarray(a, b).reduce((sum, v) => sum + v * v, 0) / (b - a);
      return { tone: toneAmplitude, rest: Math.sqrt(Math.max(0, total - (toneAmplitude * toneAmplitude) / 2)) };
    };
    const longest = melody.notes.reduce((x, y) => (y.seconds > x.seconds ? y : x));
    const sung = levels(mixed.samples, mixed.sampleRate, longest.start + 0.05, longest.start + longest.seconds - 0.05);
    const leadIn = levels(mixed.samples, mixed.sampleRate, 0.2, melody.notes[0].start - 0.2);
    // the voice is there while it sings and not before
    expect(sung.tone).toBeGreaterThan(20 * leadIn.tone);
    // the backing is lowered against the voice: about 7 dB (×0.45), give or take the voice's echo
    const before = levels(original.samples, original.sampleRate, longest.start + 0.05, longest.start + longest.seconds - 0.05).rest / 0.5;
    const relative = sung.rest / sung.tone / before;
    expect(relative).toBeGreaterThan(0.3);
    expect(relative).toBeLessThan(0.8);
  }, 20_000);
});

describe('lyricSheet', () => {
  const sheet = lyricSheet(lyrics, melody);

  it('writes the words with section headings', () => {
    expect(sheet.text).toBe('Harbour Lights\n\n[Verse 1]\nLanterns on the water\n\n[Chorus]\nShine on harbour lights\n\n[Verse 2]\nComets in the window\n\n[Chorus]\nShine on harbour lights\n');
  });

  it('times LRC and WebVTT lines exactly as the melody sings them', () => {
    const lrc = [...sheet.lrc.matchAll(/^\[(\d\d):(\d\d\.\d\d)\](.+)$/gm)].map((m) => ({ start: Number(m[1]) * 60 + Number(m[2]), text: m[3] }));
    expect(sheet.lrc.split('\n')[0]).toBe('[ti:Harbour Lights]');
    expect(lrc.map((l) => l.text)).toEqual(melody.lines.map((l) => l.text));
    for (const [i, l] of lrc.entries()) expect(l.start).toBeCloseTo(melody.lines[i].start, 2);
    expect(sheet.vtt.startsWith('WEBVTT\n\n1\n')).toBe(true);
    const seconds = (h: string, m: string, s: string) => Number(h) * 3600 + Number(m) * 60 + Number(s);
    const cues = [...sheet.vtt.matchAll(/^(\d\d):(\d\d):(\d\d\.\d{3}) --> (\d\d):(\d\d):(\d\d\.\d{3})\n(.+)$/gm)].map((m) => ({
      start: seconds(m[1], m[2], m[3]),
      end: seconds(m[4], m[5], m[6]),
      text: m[7],
    }));
    expect(cues).toHaveLength(melody.lines.length);
    for (const [i, cue] of cues.entries()) {
      expect(cue.start).toBeCloseTo(melody.lines[i].start, 3);
      expect(cue.end).toBeCloseTo(melody.lines[i].end, 3);
      expect(cue.text).toBe(melody.lines[i].text);
    }
  });
});
