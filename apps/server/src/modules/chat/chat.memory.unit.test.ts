import { CHAT_MEMORY_MAX } from '@starlit/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { offlineChat } from '../../ai/chat/offline.ts';
import { openAiCompatibleChat } from '../../ai/chat/openai-compatible.ts';
import { offlineMemories, summarizeTurns } from './chat.memory.ts';
import { scriptedChatProvider } from '../../../test/fake-service.ts';

let provider: Awaited<ReturnType<typeof scriptedChatProvider>>;
beforeAll(async () => {
  provider = await scriptedChatProvider();
});
afterAll(() => provider.close());
beforeEach(() => provider.reset());

const model = () => openAiCompatibleChat({ baseUrl: provider.url, apiKey: null, model: 'm', backoffMs: 1 });
/** The user says each line; the agent answers the same thing every time. */
const turns = (said: string[]) =>
  said.flatMap((content) => [
    { role: 'user' as const, content },
    { role: 'assistant' as const, content: 'That sounds lovely, tell me about the harbor.' },
  ]);
const english = {
  persona: 'Mira keeps a lighthouse.',
  agentName: 'Mira',
  known: [],
  turns: turns([
    "Hi, I'm Mia.",
    'I really like your songs and I watch the stars every night.',
    'My brother plays guitar in a band.',
    'What do you do?',
    'ok',
    'I am learning guitar. I study physics.',
  ]),
};

describe('offline memories', () => {
  it("retell the user's most informative sentences about themselves in the third person, in the order said", () => {
    expect(offlineMemories(english)).toEqual([
      "The user really likes Mira's songs and the user watches the stars every night.",
      "The user's brother plays guitar in a band.",
      'The user is learning guitar.',
    ]);
  });

  it('skip what is already known, ignoring case and the final period', () => {
    const known = ["the user's brother plays guitar in a band", 'The user is learning guitar.'];
    expect(offlineMemories({ ...english, known })).toEqual(['The user is Mia.', "The user really likes Mira's songs and the user watches the stars every night.", 'The user studies physics.']);
  });

  it('retell Chinese with 使用者, leaving out greetings and questions', () => {
    const memories = offlineMemories({ agentName: '米拉', known: [], turns: turns(['你好，我叫小美。', '我很喜歡你的歌。', '你在做什麼？']) });
    expect(memories).toEqual(['使用者叫小美。', '使用者很喜歡米拉的歌。']);
  });

  it('say what the conversation was about when the user told nothing about themselves', () => {
    expect(offlineMemories({ agentName: 'Mira', known: [], turns: turns(['What is the harbor like?', 'Tell about stars and stars.']) })).toEqual(['Talked about stars, harbor']);
    expect(offlineMemories({ agentName: '米拉', known: [], turns: turns(['燈塔晚上很漂亮', '燈塔和星星']) })).toEqual(['聊到了燈塔、晚上、漂亮']);
    expect(offlineMemories({ agentName: 'Mira', known: ['Talked about stars, harbor'], turns: turns(['Tell about stars and stars.', 'harbor?']) })).toEqual([]);
  });

  it('are what summarizeTurns answers with the offline engine', async () => {
    expect(await summarizeTurns(offlineChat(), english)).toEqual(offlineMemories(english));
  });
});

describe('memories from a model', () => {
  it('asks once with the turns and what is known, and parses the lines', async () => {
    provider.reply = "1. The user's name is Mia.\n- The user is learning guitar\n\n• “The user loves stars.”\n4. One too many";
    const memories = await summarizeTurns(model(), { ...english, known: ['The user has a brother'] });
    expect(memories).toEqual(["The user's name is Mia.", 'The user is learning guitar', 'The user loves stars.']);
    expect(provider.bodies).toHaveLength(1);
    expect(provider.bodies[0].messages[0].content).toContain('- The user has a brother');
    expect(provider.bodies[0].messages[1].content).toContain('User: My brother plays guitar in a band.');
    expect(provider.bodies[0].messages[1].content).toContain('Mira: That sounds lovely');
  });

  it('drops what is known and cuts entries to CHAT_MEMORY_MAX', async () => {
    provider.reply = `THE USER IS LEARNING GUITAR.\n${'x'.repeat(CHAT_MEMORY_MAX + 20)}`;
    const memories = await summarizeTurns(model(), { ...english, known: ['The user is learning guitar'] });
    expect(memories).toEqual(['x'.repeat(CHAT_MEMORY_MAX)]);
  });

  it('falls back to the offline memories when the provider keeps failing, or answers only known things', async () => {
    provider.broken = true;
    expect(await summarizeTurns(model(), english)).toEqual(offlineMemories(english));
    expect(provider.bodies).toHaveLength(3);
    provider.broken = false;
    provider.reply = 'The user is learning guitar';
    const known = ['The user is learning guitar'];
    expect(await summarizeTurns(model(), { ...english, known })).toEqual(offlineMemories({ ...english, known }));
  });
});
