import { describe, expect, it } from 'vitest';
import { greetingLine, languageOf, moodOf, pickMessage, thanksLine } from './live-talk.ts';
import type { EventWithPerson } from './live.repository.ts';

let seq = 0;
const chat = (text: string, userId = 'u1'): EventWithPerson => ({
  event: { showId: 's', seq: ++seq, kind: 'chat', userId, body: { text }, clientKey: null, deleted: false, createdAt: new Date() },
  user: { userId, userName: `name-${userId}`, avatar: null },
});

describe('which message the agent answers', () => {
  it('prefers one naming it, then a question, then a giver’s; the newest among equals', () => {
    expect(pickMessage([chat('hello'), chat('nice moves'), chat('Nova you rock')], 'Nova', new Set())?.event.body.text).toBe('Nova you rock');
    expect(pickMessage([chat('what is this song?'), chat('cool')], 'Nova', new Set())?.event.body.text).toBe('what is this song?');
    expect(pickMessage([chat('你喜歡跳舞嗎'), chat('哈哈')], 'Nova', new Set())?.event.body.text).toBe('你喜歡跳舞嗎');
    expect(pickMessage([chat('hey', 'giver'), chat('hey', 'other')], 'Nova', new Set(['giver']))?.user?.userId).toBe('giver');
    expect(pickMessage([chat('one'), chat('two')], 'Nova', new Set())?.event.body.text).toBe('two');
    expect(pickMessage([chat('a question?'), chat('?')], 'Nova', new Set())?.event.body.text).toBe('a question?');
    expect(pickMessage([], 'Nova', new Set())).toBeNull();
  });
});

describe('the lines it says', () => {
  it('greets with the owner’s line, names in place of {name}, the rest counted', () => {
    expect(greetingLine('Hello {name}, welcome!', ['Kenji'], 0, 'en_US')).toBe('Hello Kenji, welcome!');
    expect(greetingLine('', ['A', 'B'], 2, 'en_US')).toBe('Welcome to my live show, A, B and 2 more!');
    expect(greetingLine('Enjoy the show', ['A'], 0, 'en_US')).toBe('Hi A! Enjoy the show');
    expect(greetingLine('', ['小明', '阿華'], 3, 'zh_TW')).toBe('歡迎 小明、阿華 和其他 3 位 來到我的直播！');
  });

  it('thanks each giver by name for what they gave', () => {
    const person = (userName: string) => ({ userId: userName, userName, avatar: null });
    expect(thanksLine([{ user: person('Marisol'), body: { giftKey: 'rose', count: 2 } }], 'en_US')).toBe('Thank you Marisol for the 2 Roses!');
    expect(
      thanksLine(
        [
          { user: person('A'), body: { giftKey: 'heart', count: 1 } },
          { user: person('A'), body: { giftKey: 'beer', count: 1 } },
        ],
        'en_US',
      ),
    ).toBe('Thank you A for the 1 Heart and 1 Beer!');
    expect(thanksLine([{ user: person('小明'), body: { giftKey: 'rose', count: 1 } }], 'zh_TW')).toBe('謝謝 小明 送的 1 個玫瑰！');
    const many = ['A', 'B', 'C', 'D', 'E'].map((n) => ({ user: person(n), body: { giftKey: 'heart' as const, count: 1 } }));
    expect(thanksLine(many, 'en_US')).toMatch(/; and thanks to 2 more of you!$/);
  });

  it('reads the tone of a line and the language of a message', () => {
    expect(moodOf('I love this song, thank you!')).toBe('happy');
    expect(moodOf('Sorry, I miss you too')).toBe('sad');
    expect(moodOf('Wow, really?')).toBe('surprised');
    expect(moodOf('Let us relax a little')).toBe('relaxed');
    expect(moodOf('The song is in C major')).toBe('neutral');
    expect(moodOf('我好生氣')).toBe('angry');
    expect(languageOf('你好')).toBe('zh_TW');
    expect(languageOf('hello')).toBe('en_US');
  });
});
