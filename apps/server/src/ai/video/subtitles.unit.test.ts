import { describe, expect, it } from 'vitest';
import { cueText, toAss, wrapText } from './subtitles.ts';

describe('subtitles', () => {
  it('writes "Speaker: text" cues, narration alone, and a full-width colon in Chinese', () => {
    expect(cueText('Mia', 'Look  up!\n', 'en_US')).toEqual({ text: 'Mia: Look up!', prefix: 'Mia: ' });
    expect(cueText(null, 'Once upon a time', 'en_US').text).toBe('Once upon a time');
    expect(cueText('小星', '你好', 'zh_TW').text).toBe('小星：你好');
  });

  it('wraps Chinese between characters, keeps closing punctuation on its line, and English at spaces', () => {
    const zh = wrapText('今晚的星星好亮啊，我們一起去看流星雨吧！', 10);
    expect(zh.join('')).toBe('今晚的星星好亮啊，我們一起去看流星雨吧！');
    expect(zh.every((line) => [...line].length <= 11)).toBe(true);
    expect(zh.some((line) => /^[，！]/.test(line))).toBe(false);
    const en = wrapText('The stars are so bright tonight, let us go and watch them together', 12);
    expect(en.length).toBeGreaterThan(2);
    expect(en.join(' ')).toBe('The stars are so bright tonight, let us go and watch them together');
  });

  it('writes ASS events with the speaker tinted and braces made harmless', () => {
    const ass = toAss([{ start: 1, end: 2.5, text: 'Mia: {\\b1}hi', prefix: 'Mia: ' }]);
    expect(ass).toContain('Style: Line,Noto Sans CJK TC,');
    expect(ass).toContain('Dialogue: 0,0:00:01.00,0:00:02.50,Line,,0,0,0,,{\\c&H7FD8FF&}Mia:{\\r} ｛＼b1｝hi');
  });
});
