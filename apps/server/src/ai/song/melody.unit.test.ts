import { describe, expect, it } from 'vitest';
import { SCALES } from '../music/composer.ts';
import { type Lyrics, SONG_GENRES } from './lyrics.ts';
import { genreFeel, writeMelody } from './melody.ts';
import { englishSyllables, splitSyllables } from './syllables.ts';

const lyrics: Lyrics = {
  title: 'Harbour Lights',
  sections: [
    { kind: 'verse', lines: ['Lanterns on the water', 'Drifting out to the open sea tonight'] },
    { kind: 'chorus', lines: ['Shine, shine, harbour lights', 'Carry me home'] },
    { kind: 'verse', lines: ['Comets in the window', 'Calling out across the sleeping town below us all tonight and ever more'] },
    { kind: 'chorus', lines: ['Shine, shine, harbour lights', 'Carry me home'] },
  ],
};

describe('syllables', () => {
  it('cuts English words at their vowel groups', () => {
    expect(englishSyllables('harbour')).toEqual(['har', 'bour']);
    expect(englishSyllables('lightning')).toEqual(['light', 'ning']);
    expect(englishSyllables('stone')).toEqual(['stone']);
    expect(englishSyllables('little')).toEqual(['lit', 'tle']);
    expect(englishSyllables('baby')).toEqual(['ba', 'by']);
    expect(englishSyllables('father')).toEqual(['fa', 'ther']);
  });

  it('sings one Chinese character per note and drops punctuation', () => {
    expect(splitSyllables('Shine, shine!', 'en_US')).toEqual(['Shine', 'shine']);
    expect(splitSyllables('夜裡，Mira看見光。', 'zh_TW')).toEqual(['夜', '裡', 'Mi', 'ra', '看', '見', '光']);
  });
});

describe('writeMelody', () => {
  const feel = genreFeel('pop');
  const melody = writeMelody(lyrics, { ...feel, seed: 9, lang: 'en_US' });
  const bar = (60 / feel.bpm) * 4;

  it('gives every genre a tempo, a mode and a singable tonic', () => {
    for (const genre of SONG_GENRES) {
      const f = genreFeel(genre);
      expect(f.bpm).toBeGreaterThanOrEqual(60);
      expect(f.bpm).toBeLessThanOrEqual(140);
      expect(f.tonic).toBeGreaterThanOrEqual(52);
      expect(f.tonic).toBeLessThanOrEqual(62);
    }
  });

  it('sings every syllable once, in order, on the key scale', () => {
    const texts = lyrics.sections.flatMap((s) => s.lines.flatMap((l) => splitSyllables(l, 'en_US')));
    expect(melody.notes.map((n) => n.text)).toEqual(texts);
    const scale = SCALES.major;
    for (const note of melody.notes) expect(scale).toContain((((note.midi - feel.tonic) % 12) + 12) % 12);
    for (let i = 1; i < melody.notes.length; i++) expect(melody.notes[i].start).toBeGreaterThanOrEqual(melody.notes[i - 1].start + melody.notes[i - 1].seconds - 1e-5);
    const midis = melody.notes.map((n) => n.midi);
    expect(Math.max(...midis) - Math.min(...midis)).toBeLessThanOrEqual(17);
  });

  it('starts every line on a bar line after a two-bar lead-in, and ends with an outro', () => {
    expect(melody.lines[0].start).toBeCloseTo(2 * bar, 5);
    for (const line of melody.lines) {
      const bars = line.start / bar;
      expect(Math.abs(bars - Math.round(bars))).toBeLessThan(1e-5);
      expect(line.end).toBeGreaterThan(line.start);
    }
    // the long line of the second verse takes four bars, the others two
    const starts = melody.lines.map((l) => Math.round(l.start / bar));
    expect(starts).toEqual([2, 4, 6, 8, 10, 12, 16, 18]);
    expect(melody.seconds).toBeCloseTo(22 * bar, 5);
    expect(melody.bars.map((b) => b.part)).toEqual(
      [...'ii'.split(''), ...'vvvv'.split(''), ...'cccc'.split(''), ...'vvvvvv'.split(''), ...'cccc'.split(''), 'o', 'o'].map((p) => ({ i: 'intro', v: 'verse', c: 'chorus', o: 'outro' })[p]),
    );
    expect(melody.lines.map((l) => l.section)).toEqual(['verse', 'verse', 'chorus', 'chorus', 'verse', 'verse', 'chorus', 'chorus']);
  });

  it('sings the chorus to the same tune both times', () => {
    const tune = (line: number) => melody.notes.filter((n) => n.line === line).map((n) => [(n.start - melody.lines[line].start).toFixed(4), n.seconds.toFixed(4), n.midi]);
    expect(tune(6)).toEqual(tune(2));
    expect(tune(7)).toEqual(tune(3));
    expect(tune(2)).not.toEqual(tune(0));
  });

  it('lands on a chord tone at each line end and holds the last note', () => {
    for (const [index, line] of melody.lines.entries()) {
      const notes = melody.notes.filter((n) => n.line === index);
      const last = notes[notes.length - 1];
      expect(last.start + last.seconds).toBeCloseTo(line.end, 5);
      const chord = melody.bars.find((b) => b.start <= last.start + 1e-5 && last.start < b.start + bar)?.chord ?? -1;
      const degree = SCALES.major.indexOf((((last.midi - feel.tonic) % 12) + 12) % 12);
      expect([0, 2, 4]).toContain((((degree - chord) % 7) + 7) % 7);
    }
  });

  it('is deterministic by seed, follows a lead-in in whole bars, and sets Chinese one character a note', () => {
    expect(writeMelody(lyrics, { ...feel, seed: 9, lang: 'en_US' })).toEqual(melody);
    expect(writeMelody(lyrics, { ...feel, seed: 10, lang: 'en_US' }).notes).not.toEqual(melody.notes);
    expect(writeMelody(lyrics, { ...feel, seed: 9, lang: 'en_US', leadInSeconds: bar * 0.5 }).lines[0].start).toBeCloseTo(bar, 5);
    const zh = writeMelody({ title: '港', sections: [{ kind: 'verse', lines: ['燈籠漂過港口'] }] }, { ...genreFeel('ballad'), seed: 1, lang: 'zh_TW', leadInSeconds: 0 });
    expect(zh.notes.map((n) => n.text).join('')).toBe('燈籠漂過港口');
    expect(zh.lines[0].start).toBe(0);
    for (const note of zh.notes) expect(SCALES.major).toContain((((note.midi - 57) % 12) + 12) % 12);
  });
});
