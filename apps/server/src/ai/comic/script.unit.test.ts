import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scriptedChatProvider } from '../../../test/fake-service.ts';
import { offlineChat } from '../chat/offline.ts';
import { OPENAI_CHAT_ENGINE, openAiCompatibleChat } from '../chat/openai-compatible.ts';
import { type ComicScript, ComicScriptError, chatScriptWriter, createScriptWriter, LINE_LIMIT, MAX_LINES, type ScriptRequest, TEMPLATE_WRITER_ENGINE, templateScriptWriter } from './script.ts';
import { charCount } from './text-fit.ts';

let provider: Awaited<ReturnType<typeof scriptedChatProvider>>;
beforeAll(async () => {
  provider = await scriptedChatProvider();
});
afterAll(() => provider.close());
beforeEach(() => provider.reset());

const model = () => openAiCompatibleChat({ baseUrl: provider.url, apiKey: null, model: 'test', backoffMs: 1, retries: 0 });

const en: ScriptRequest = {
  description: 'Mira bakes a strawberry cake for the first time and floods the kitchen with cream. Then she shares it with a friend.',
  introduction: 'A story about how failing can be fun.',
  agent: {
    name: 'Mira',
    persona: 'Mira is a baker of the floating city. She loves strawberries and she hums while she works. Always stay in character.',
    greeting: 'Hello hello! Mira at your service!',
  },
  lang: 'en_US',
  scene: 'cafe',
  seed: 11,
};
const zh: ScriptRequest = {
  ...en,
  description: '米拉第一次做草莓蛋糕，結果把廚房弄得到處都是奶油，最後和朋友一起分享了蛋糕。',
  introduction: '失敗也可以很快樂。',
  agent: { name: '米拉', persona: '米拉是浮空城的麵包師。她喜歡草莓，工作時總是哼著歌。請永遠用第一人稱回答。', greeting: '哈囉哈囉！米拉為你服務！' },
  lang: 'zh_TW',
};

const panel = (n: number, text: string) => ({ scene: `Mira in the cafe, panel ${n}`, lines: [{ speaker: 'Mira', text }], narration: `Panel ${n}.` });

function expectUsable(script: ComicScript, req: ScriptRequest) {
  expect(script.panels.length).toBeGreaterThanOrEqual(4);
  expect(script.panels.length).toBeLessThanOrEqual(6);
  for (const p of script.panels) {
    expect(p.lines.length).toBeLessThanOrEqual(MAX_LINES);
    for (const line of p.lines) expect(charCount(line.text)).toBeLessThanOrEqual(LINE_LIMIT[req.lang]);
    expect(p.lines.length + (p.narration ? 1 : 0)).toBeGreaterThan(0);
  }
  expect(script.title.length).toBeGreaterThan(0);
}

describe('chat script writer, through the OpenAI-compatible adapter', () => {
  it('asks for JSON in the language, with the agent and the story, and reads JSON fenced in prose, trimmed to the limits', async () => {
    const long = 'And then the whole kitchen turned pink and sticky, and I laughed so hard that the cream flew everywhere again!';
    const answer = {
      title: 'The Great Cream Flood',
      panels: [
        panel(1, 'Today I bake!'),
        {
          ...panel(2, long),
          lines: [
            { speaker: 'Mira', text: long },
            { speaker: 'Friend', text: 'Oh no.' },
            { speaker: 'Mira', text: 'A third line.' },
          ],
        },
        { scene: 'Mira and a friend', lines: [{ text: 'No speaker given.' }], narration: null },
        panel(4, 'Cream everywhere!'),
        panel(5, 'Want some?'),
        panel(6, 'Best. Day. Ever.'),
        panel(7, 'One panel too many.'),
      ],
    };
    provider.reply = `Sure! Here is your comic:\n\`\`\`json\n${JSON.stringify(answer, null, 2)}\n\`\`\`\nEnjoy!`;
    const script = await chatScriptWriter(model()).write(en);

    expectUsable(script, en);
    expect(script.title).toBe('The Great Cream Flood');
    expect(script.panels).toHaveLength(6);
    expect(script.panels[1]!.lines.map((l) => l.speaker)).toEqual(['Mira', 'Friend']);
    expect(script.panels[1]!.lines[0]!.text).toMatch(/^And then the whole kitchen turned pink and sticky, and I laughed so hard that…$/);
    expect(script.panels[2]).toEqual({ scene: 'Mira and a friend', lines: [{ speaker: 'Mira', text: 'No speaker given.' }], narration: '' });

    const [body] = provider.bodies;
    const prompt = body!.messages.map((m) => m.content).join('\n');
    expect(body!.messages.map((m) => m.role)).toEqual(['system', 'user']);
    for (const part of [en.description, en.introduction, en.agent.persona, en.agent.greeting, 'JSON only', 'English', '4 to 6 panels', 'cafe']) expect(prompt).toContain(part);
  });

  it('reads a zh_TW answer with trailing commas and no fence, and asks for Traditional Chinese', async () => {
    const answer = `{"title": "奶油大洪水", "panels": [${[1, 2, 3, 4]
      .map(
        (n) =>
          `{"scene": "Mira in the cafe ${n}", "lines": [{"speaker": "米拉", "text": "第${n}格：今天我要做一個世界上最大最甜最漂亮的草莓蛋糕，大家一起來吃吧，好不好呢？",},], "narration": "第${n}格",}`,
      )
      .join(',')},]}`;
    provider.reply = answer;
    const script = await chatScriptWriter(model()).write(zh);
    expectUsable(script, zh);
    expect(script.panels).toHaveLength(4);
    expect(charCount(script.panels[0]!.lines[0]!.text)).toBeLessThanOrEqual(40);
    expect(script.panels[0]!.lines[0]!.text).toMatch(/^第1格：今天我要做一個世界上最大最甜最漂亮的草莓蛋糕/);
    expect(provider.bodies[0]!.messages[0]!.content).toContain('Traditional Chinese (繁體中文)');
  });

  it('throws ComicScriptError on a malformed answer', async () => {
    provider.reply = 'Here is the comic: {"title": "Oops", "panels": [{"scene": "Mira", "lines": [{"speaker": "Mira", "text": "Hi"';
    await expect(chatScriptWriter(model()).write(en)).rejects.toBeInstanceOf(ComicScriptError);
  });

  it('throws ComicScriptError on too few panels, the wrong shape or the wrong language', async () => {
    const writer = chatScriptWriter(model());
    provider.reply = JSON.stringify({ title: 'Short', panels: [panel(1, 'Hi'), panel(2, 'Bye')] });
    await expect(writer.write(en)).rejects.toThrow(/2 panels/);
    provider.reply = JSON.stringify({ title: 'No panels', scenes: [] });
    await expect(writer.write(en)).rejects.toThrow(ComicScriptError);
    provider.reply = JSON.stringify({ title: 'English', panels: [1, 2, 3, 4].map((n) => panel(n, 'Hello there')) });
    await expect(writer.write(zh)).rejects.toThrow(/not written in Chinese/);
  });

  it('passes a provider failure through as the chat error', async () => {
    provider.broken = true;
    await expect(chatScriptWriter(model()).write(en)).rejects.toMatchObject({ name: 'ChatStreamError', reason: 'provider-error' });
  });
});

describe('template script writer', () => {
  it('writes 4 to 6 panels in each language from the agent and the story, repeatably by seed', async () => {
    const writer = templateScriptWriter();
    expect(writer.engine).toBe(TEMPLATE_WRITER_ENGINE);
    const counts = new Set<number>();
    for (const req of [en, zh]) {
      for (let seed = 1; seed <= 8; seed++) {
        const script = await writer.write({ ...req, seed });
        expectUsable(script, req);
        counts.add(script.panels.length);
        const words = JSON.stringify(script);
        expect(words).toContain(req.agent.name);
        expect(script.panels[0]!.lines[0]!.text).toBe(req.agent.greeting);
        for (const p of script.panels) expect(p.scene).toContain(req.agent.name);
        expect(await writer.write({ ...req, seed })).toEqual(script);
      }
    }
    expect(counts.size).toBeGreaterThan(1);

    const english = JSON.stringify(await writer.write(en));
    expect(english).toContain('floods the kitchen with cream');
    expect(english).toMatch(/I love strawberries|I hum while I work|I am a baker/);
    expect(english).not.toMatch(/stay in character/i);

    const chinese = await writer.write(zh);
    const told = JSON.stringify(chinese);
    expect(told).toContain('米拉第一次做草莓蛋糕');
    expect(told).toMatch(/我是浮空城的麵包師|我喜歡草莓/);
    // Traditional, not Simplified: the stock phrases and the user's words keep their characters
    expect(told).not.toMatch(/[这来说们时后还边发现]/);
    expect(told).not.toContain('請永遠');
  });

  it('is chosen when no language model is connected', () => {
    expect(createScriptWriter(offlineChat()).engine).toBe(TEMPLATE_WRITER_ENGINE);
    expect(createScriptWriter(model()).engine).toBe(OPENAI_CHAT_ENGINE);
  });
});
