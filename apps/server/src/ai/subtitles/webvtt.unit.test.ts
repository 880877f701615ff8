import { describe, expect, it } from 'vitest';
import { sentencesOf, vttTime, webVtt } from './webvtt.ts';

describe('WebVTT', () => {
  it('writes times as hh:mm:ss.ttt', () => {
    expect(vttTime(0)).toBe('00:00:00.000');
    expect(vttTime(61.2345)).toBe('00:01:01.235');
    expect(vttTime(3725.5)).toBe('01:02:05.500');
  });

  it('writes millisecond times past an hour and escapes markup', () => {
    const vtt = webVtt([
      { start: 2.3, end: 3.4567, text: 'Mia: a <b> & c' },
      { start: 3661.001, end: 3662, text: '旁白' },
    ]);
    expect(vtt).toBe('WEBVTT\n\n1\n00:00:02.300 --> 00:00:03.457\nMia: a &lt;b&gt; &amp; c\n\n2\n01:01:01.001 --> 01:01:02.000\n旁白\n');
  });

  it('writes numbered cues, each on one line with its markup characters as entities', () => {
    const vtt = webVtt([
      { start: 0, end: 1.5, text: 'Hello\n\nthere' },
      { start: 1.5, end: 3, text: 'a --> b' },
    ]);
    expect(vtt).toBe('WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.500\nHello there\n\n2\n00:00:01.500 --> 00:00:03.000\na --&gt; b\n');
  });

  it('splits sentences in English and Chinese, dropping bare punctuation', () => {
    expect(sentencesOf('Hi! I am Mira. Do you like rain?\nI do')).toEqual(['Hi!', 'I am Mira.', 'Do you like rain?', 'I do']);
    expect(sentencesOf('你好！我是米拉。你喜歡下雨嗎？「喜歡。」……')).toEqual(['你好！', '我是米拉。', '你喜歡下雨嗎？', '「喜歡。」']);
  });
});
