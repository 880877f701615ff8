import { describe, expect, it } from 'vitest';
import { templateSpeechWriter } from './speech-script.ts';

describe('the template speech writer', () => {
  const star = { name: 'Luna', persona: 'A stargazer.', greeting: 'Hello, night traveller. 今晚的星空很美。' };

  it("opens with the agent's own sentences in the language of the piece only", async () => {
    const writer = templateSpeechWriter();
    const en = await writer.write({ description: 'Why I love the stars', introduction: 'They guide ships home.', star, lang: 'en_US' });
    expect(en).toMatch(/^Hello, night traveller\. Today I want to talk about Why I love the stars\./);
    expect(en).not.toMatch(/\p{Script=Han}/u);
    const zh = await writer.write({ description: '我為什麼愛星星', introduction: '星星帶船回家。', star, lang: 'zh_TW' });
    expect(zh.startsWith('今晚的星空很美。')).toBe(true);
    expect(zh).not.toMatch(/night traveller/);
  });
});
