import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { offlineChat } from '../../ai/chat/offline.ts';
import { openAiCompatibleChat } from '../../ai/chat/openai-compatible.ts';
import { cleanLine, offlineSuggestions, suggestReplies } from './chat.suggestions.ts';
import { scriptedChatProvider } from '../../../test/fake-service.ts';

let provider: Awaited<ReturnType<typeof scriptedChatProvider>>;
beforeAll(async () => {
  provider = await scriptedChatProvider();
});
afterAll(() => provider.close());
beforeEach(() => provider.reset());

const model = () => openAiCompatibleChat({ baseUrl: provider.url, apiKey: null, model: 'm', backoffMs: 1 });
const persona = 'Mira is a lighthouse keeper who loves astronomy and sea shanties. Her lamp has never gone out.';
const english = {
  persona,
  turns: [
    { role: 'user' as const, content: 'Hi Mira, what do you do at night?' },
    { role: 'assistant' as const, content: 'I watch the telescope and count the telescope stars over the harbor.' },
  ],
};
const chinese = {
  persona: '米拉是燈塔看守人，喜歡天文和海上的歌。',
  turns: [
    { role: 'user' as const, content: '妳晚上都在做什麼？' },
    { role: 'assistant' as const, content: '我會用望遠鏡看星星，望遠鏡是我最好的朋友。' },
  ],
};

describe('offline suggestions', () => {
  it('are three different short replies, the same for the same conversation', () => {
    const first = offlineSuggestions(english);
    expect(first).toHaveLength(3);
    expect(new Set(first).size).toBe(3);
    for (const s of first) expect([...s].length).toBeLessThanOrEqual(60);
    // "telescope" is what the last reply talks about most
    expect(first[0]).toBe('Tell me more about the telescope.');
    expect(first[1]).toMatch(/ your lamp\b/);
    expect(offlineSuggestions(english)).toEqual(first);
  });

  it('answer in Chinese when the user writes Chinese', () => {
    const replies = offlineSuggestions(chinese);
    expect(replies).toHaveLength(3);
    expect(replies[0]).toBe('多說一點關於「望遠鏡」的事');
    expect(replies[1]).toMatch(/燈塔|看守/);
    for (const s of replies) expect(s).toMatch(/[\u3400-\u9fff]/);
  });

  it('are grammatical English: a thing to ask about is a noun phrase, never a bare adjective', () => {
    const curious = offlineSuggestions({
      persona: 'Ren is curious and shy. {{char}} is a librarian who hides behind her books.',
      turns: [
        { role: 'user', content: 'Are you curious?' },
        { role: 'assistant', content: 'So curious! I keep my notes in an old wooden box.' },
      ],
    });
    expect(curious).toHaveLength(3);
    for (const s of curious) expect(s).not.toMatch(/about (curious|shy|so)\b|\{\{|\bher\b/i);
    expect(curious[0]).toMatch(/^Tell me more about (your notes|the old wooden box)\.$/);
    expect(curious[1]).toMatch(/your books/);
  });

  it('vary with the conversation and still give three for an empty one', () => {
    const other = offlineSuggestions({ persona: 'Kai bakes bread and climbs mountains.', turns: [{ role: 'user', content: 'Hello there' }] });
    expect(other).not.toEqual(offlineSuggestions(english));
    expect(offlineSuggestions({ persona: '', turns: [] })).toHaveLength(3);
  });

  it('are what suggestReplies answers with the offline engine', async () => {
    expect(await suggestReplies(offlineChat(), english)).toEqual(offlineSuggestions(english));
  });
});

describe('suggestions from a model', () => {
  it('asks once with the recent turns and parses numbered, bulleted and quoted lines', async () => {
    provider.reply = 'Here are three replies:\n1. "What stars can you see?"\n- • Do you ever get lonely?\n3) “Sing me a shanty!”\n4. One too many';
    const replies = await suggestReplies(model(), english);
    expect(replies).toEqual(['What stars can you see?', 'Do you ever get lonely?', 'Sing me a shanty!']);
    expect(provider.bodies).toHaveLength(1);
    expect(provider.bodies[0]).toMatchObject({ max_tokens: 80, temperature: 0.8 });
    expect(provider.bodies[0].messages[0].role).toBe('system');
    expect(provider.bodies[0].messages[0].content).toContain(persona);
    expect(provider.bodies[0].messages[1].content).toContain('count the telescope stars');
  });

  it('drops repeats, blanks and replies over 60 characters', async () => {
    provider.reply = `Really?\n\nreally?\n${'x'.repeat(61)}\nWhy?`;
    expect(await suggestReplies(model(), english)).toEqual(['Really?', 'Why?']);
  });

  it('falls back to the offline suggestions when the provider keeps failing', async () => {
    provider.broken = true;
    expect(await suggestReplies(model(), english)).toEqual(offlineSuggestions(english));
    expect(provider.bodies).toHaveLength(3);
  });

  it('falls back when the model answers nothing usable, or the caller aborts', async () => {
    provider.reply = '\n  \n';
    expect(await suggestReplies(model(), chinese)).toEqual(offlineSuggestions(chinese));
    expect(await suggestReplies(model(), chinese, AbortSignal.abort())).toEqual(offlineSuggestions(chinese));
  });
});

it('cleanLine strips numbering, bullets and quotes', () => {
  expect(cleanLine(' 2. 「你好嗎？」 ')).toBe('你好嗎？');
  expect(cleanLine("• 'Hi'")).toBe('Hi');
  expect(cleanLine('（3）真的嗎')).toBe('真的嗎');
});
