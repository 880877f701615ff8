import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './chat-model.ts';
import { OFFLINE_CHAT_ENGINE, offlineChat, offlineReply } from './offline.ts';

const persona =
  'Mira is a lighthouse keeper on a stormy northern island. She loves the sea and tells stories about ships. ' +
  'At night she reads old maps by lamplight. 米拉是北方小島上的燈塔守護者。她喜歡大海，也喜歡講船的故事。夜裡她在燈下讀古老的地圖。';
const ask = (said: string): ChatMessage[] => [
  { role: 'system', content: persona },
  { role: 'user', content: said },
];

async function streamed(messages: ChatMessage[], maxTokens?: number) {
  const texts: string[] = [];
  for await (const chunk of offlineChat().stream(messages, { maxTokens })) texts.push(chunk.text);
  return texts;
}

describe('offline chat engine', () => {
  it('says plainly that it is the offline engine', () => {
    expect(offlineChat().engine).toBe(OFFLINE_CHAT_ENGINE);
    expect(OFFLINE_CHAT_ENGINE).toMatch(/offline/i);
  });

  it('answers the same input the same way, word by word', async () => {
    const first = await streamed(ask('Tell me about the ships'));
    expect(first.length).toBeGreaterThan(3);
    expect(first.every((t) => t.length > 0)).toBe(true);
    expect(await streamed(ask('Tell me about the ships'))).toEqual(first);
    expect(first.join('')).toBe(offlineReply(ask('Tell me about the ships')));
  });

  it('picks the sentences of the agent’s texts related to the user’s words, said in the first person', () => {
    expect(offlineReply(ask('Do you like the sea?'))).toContain('I love the sea and tell stories about ships.');
    expect(offlineReply(ask('What maps do you read?'))).toContain('At night I read old maps by lamplight.');
  });

  it('answers in Chinese when the user writes Chinese', async () => {
    const reply = offlineReply(ask('你喜歡大海嗎？'));
    expect(reply).toContain('我喜歡大海，也喜歡講船的故事。');
    expect(reply).not.toMatch(/[a-z]{3}/i);
    expect((await streamed(ask('你喜歡大海嗎？'))).length).toBeGreaterThan(3);
  });

  it('still answers with no agent texts or unrelated words', async () => {
    expect(offlineReply([{ role: 'user', content: 'hello' }])).not.toBe('');
    expect(offlineReply(ask('zzz qqq'))).not.toBe('');
    expect((await streamed([{ role: 'user', content: '你好' }])).join('')).toMatch(/[\u4e00-\u9fff]/);
  });

  it('keeps within maxTokens and stops when aborted', async () => {
    const long = await streamed(ask('ships'));
    const short = await streamed(ask('ships'), 2);
    expect(short.length).toBeGreaterThan(0);
    expect(short.length).toBeLessThan(long.length);
    const stop = new AbortController();
    stop.abort();
    const stopped = offlineChat().stream(ask('ships'), {}, stop.signal)[Symbol.asyncIterator]();
    await expect(stopped.next()).rejects.toBe(stop.signal.reason);
  });

  it('speaks as the agent: "you" in the role setting becomes "I", and orders to the model are left out', () => {
    const setting: ChatMessage[] = [
      { role: 'system', content: 'You are Luna, a stargazer; you hum while you work. Your telescope is old. Reply in English or Chinese. 你是露娜。請用中文回答。' },
      { role: 'user', content: 'Who are you and what about your telescope?' },
    ];
    const reply = offlineReply(setting);
    expect(offlineReply([setting[0], { role: 'user', content: 'Are you a stargazer?' }])).toContain('I am Luna, a stargazer; I hum while I work.');
    expect(offlineReply([setting[0], { role: 'user', content: 'Is the telescope old?' }])).toContain('My telescope is old.');
    expect(reply).not.toMatch(/Reply in|You are|Your telescope/);
    expect(offlineReply([setting[0], { role: 'user', content: '你是誰？' }])).toContain('我是露娜。');
  });
});
