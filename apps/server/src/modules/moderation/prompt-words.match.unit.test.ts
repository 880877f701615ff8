import { describe, expect, it } from 'vitest';
import { promptMatcher } from './prompt-words.match.ts';

describe('promptMatcher at the list’s limit', () => {
  it('builds from 1000 words and checks a long description quickly', () => {
    const words = Array.from({ length: 1000 }, (_, i) => (i % 3 === 0 ? `詞${i}語` : `word${i.toString(36)}`));
    const text = 'A night sky over the hills, the Milky Way rising behind them. 星空下的小鎮，'.repeat(80);
    const started = performance.now();
    const matcher = promptMatcher(words);
    for (let i = 0; i < 10; i++) expect(matcher.find(text)).toBeNull();
    expect(matcher.find(`${text} word${(998).toString(36)}.`)).toBe(`word${(998).toString(36)}`);
    // a few milliseconds here; one regular expression of the words took seconds for the same work
    expect(performance.now() - started).toBeLessThan(250);
  });

  it('finds nothing with an empty list', () => {
    expect(promptMatcher([]).find('anything at all')).toBeNull();
  });
});
