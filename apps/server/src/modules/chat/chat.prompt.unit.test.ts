import { describe, expect, it } from 'vitest';
import { buildPrompt, estimateTokens, MAX_REPLY_TOKENS, treeOrder } from './chat.prompt.ts';
import type { MessageRow } from './chat.repository.ts';

let n = 0;
function row(role: 'user' | 'agent', content: string, parentId: string | null = null, at = 0): MessageRow {
  return { id: `m${++n}`, conversationId: 'c', parentId, role, content, status: 'complete', engine: null, suggestions: [], voice: null, createdAt: new Date(at) };
}
const agent = { nickname: 'Luna', roleSetting: 'You are Luna.', roleIntro: 'A stargazer.' };

describe('the chat prompt', () => {
  it('estimates Chinese at a token a character and other text at a token per four', () => {
    expect(estimateTokens('星星很亮')).toBe(4);
    expect(estimateTokens('abcdefgh')).toBe(2);
    expect(estimateTokens('星 ab')).toBe(2);
  });

  it('keeps the newest messages that fit the context after the system message and the reply', () => {
    const contextTokens = MAX_REPLY_TOKENS + 200;
    const branch = [row('agent', 'a'.repeat(400)), row('user', 'b'.repeat(200)), row('agent', 'c'.repeat(200)), row('user', 'd'.repeat(40))];
    const prompt = buildPrompt({ agent, identity: null, memories: [], branch, contextTokens });
    // 200 tokens less the system message (~26) leave room for d, c and b (110) but not a (100 more)
    expect(estimateTokens(prompt[0].content)).toBeLessThan(65);
    expect(prompt.slice(1).map((m) => m.content[0])).toEqual(['b', 'c', 'd']);
    expect(prompt.slice(1).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('always sends the message being answered, however long', () => {
    const prompt = buildPrompt({ agent, identity: null, memories: [], branch: [row('agent', 'hi'), row('user', 'x'.repeat(100_000))], contextTokens: 1024 });
    expect(prompt.map((m) => m.role)).toEqual(['system', 'user']);
  });

  it('puts the identity and pinned memories in the system message', () => {
    const [system] = buildPrompt({ agent, identity: { name: 'Mia', gender: 'Female', background: '' }, memories: ['Mia plays violin'], branch: [], contextTokens: 8192 });
    expect(system.content).toBe(
      'You are Luna.\n\nA stargazer.\n\n[The person you are talking with]\nName: Mia\nGender: Female\n\n[Things to remember]\n- Mia plays violin\n\nStay in character as Luna. Answer in the language the person writes in.',
    );
  });

  it('orders parents before children created in the same millisecond', () => {
    const parent = row('user', 'q', null, 5);
    const child = row('agent', 'a', parent.id, 5);
    expect(treeOrder([child, parent]).map((r) => r.id)).toEqual([parent.id, child.id]);
  });

  it('gives pinned memories at most a quarter of the context', () => {
    const memories = Array.from({ length: 100 }, (_, i) => `Memory number ${i} ${'x'.repeat(100)}`);
    const [system] = buildPrompt({ agent, identity: null, memories, branch: [], contextTokens: 4096 });
    const kept = memories.filter((m) => system.content.includes(m));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(memories.slice(0, kept.length));
    expect(kept.length).toBeLessThan(memories.length);
    expect(estimateTokens(kept.join('\n'))).toBeLessThanOrEqual(1024);
  });
});
