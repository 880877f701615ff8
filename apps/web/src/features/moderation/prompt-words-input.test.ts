import { describe, expect, it } from 'vitest';
import { splitWords } from './prompt-words-input';

describe('splitWords', () => {
  it('splits on lines and every kind of comma, trimmed, empty ones dropped', () => {
    expect(splitWords(' spam \n\nfree money, scam，壞詞、詐騙 \n ,')).toEqual(['spam', 'free money', 'scam', '壞詞', '詐騙']);
  });

  it('answers nothing for a blank box', () => {
    expect(splitWords(' \n , ')).toEqual([]);
  });
});
