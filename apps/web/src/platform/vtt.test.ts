import { describe, expect, it } from 'vitest';
import { cueAt, parseVtt } from './vtt';

describe('parseVtt', () => {
  it('reads the cues the server writes, with or without numbers and hours', () => {
    const vtt = 'WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.500\nHello there.\n\n2\n00:00:01.500 --> 00:00:03.000 align:start\n海風很溫柔。\n\n00:03.000 --> 00:04.250\nBye\nnow\n';
    expect(parseVtt(vtt)).toEqual([
      { start: 0, end: 1.5, text: 'Hello there.' },
      { start: 1.5, end: 3, text: '海風很溫柔。' },
      { start: 3, end: 4.25, text: 'Bye now' },
    ]);
  });

  it('shows the markup characters the writer escaped', () => {
    expect(parseVtt('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nMia: a &lt;b&gt; &amp; c\n')[0]?.text).toBe('Mia: a <b> & c');
  });

  it('skips notes, broken timings and empty cues', () => {
    expect(parseVtt('WEBVTT\r\n\r\nNOTE made offline\r\n\r\n00:00:xx --> 00:00:01.000\r\nNo\r\n\r\n00:00:01.000 --> 00:00:02.000\r\n')).toEqual([]);
  });
});

describe('cueAt', () => {
  const cues = [
    { start: 0, end: 1, text: 'a' },
    { start: 1.5, end: 2, text: 'b' },
  ];
  it('finds the cue heard now, none between cues or after the last', () => {
    expect(cueAt(cues, 0)).toBe(0);
    expect(cueAt(cues, 1)).toBe(-1);
    expect(cueAt(cues, 1.75)).toBe(1);
    expect(cueAt(cues, 2)).toBe(-1);
  });
});

const vtt = `WEBVTT

NOTE made by the speech engine

1
00:00:00.000 --> 00:00:02.500
The waves sing at night.

2
00:00:02.500 --> 00:00:04.250
The stars listen.
I keep the light on.

00:01:04.250 --> 01:00:05.000
海浪在夜裡歌唱。
`;

describe('WebVTT of a task work', () => {
  it('reads each cue with its times and words, skipping the header, notes and ids', () => {
    expect(parseVtt(vtt)).toEqual([
      { start: 0, end: 2.5, text: 'The waves sing at night.' },
      { start: 2.5, end: 4.25, text: 'The stars listen. I keep the light on.' },
      { start: 64.25, end: 3605, text: '海浪在夜裡歌唱。' },
    ]);
  });

  it('reads Windows line ends and skips cues without words', () => {
    expect(parseVtt('WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nHello\r\n\r\n00:02.000 --> 00:03.000\r\n')).toEqual([{ start: 1, end: 2, text: 'Hello' }]);
  });

  it('finds the cue showing at a time, none between cues', () => {
    const cues = parseVtt(vtt);
    expect(cueAt(cues, 0)).toBe(0);
    expect(cueAt(cues, 2.5)).toBe(1);
    expect(cueAt(cues, 10)).toBe(-1);
  });
});
