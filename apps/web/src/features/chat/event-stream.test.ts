import { describe, expect, it } from 'vitest';
import { chatEventReader, splitEvents, toChatEvent } from './event-stream';

describe('splitEvents', () => {
  it('splits complete events and keeps the unfinished rest', () => {
    const { events, rest } = splitEvents('event: token\ndata: {"text":"a"}\n\nevent: tok');
    expect(events).toEqual([{ event: 'token', data: '{"text":"a"}' }]);
    expect(rest).toBe('event: tok');
  });

  it('joins data lines, skips comments and understands CRLF', () => {
    const { events } = splitEvents(': heartbeat\r\n\r\nevent: x\r\ndata: one\r\ndata: two\r\n\r\n');
    expect(events).toEqual([{ event: 'x', data: 'one\ntwo' }]);
  });

  it('names events without an event line "message" and keeps spaces after the first', () => {
    expect(splitEvents('data:  two spaces\n\n').events).toEqual([{ event: 'message', data: ' two spaces' }]);
  });
});

describe('toChatEvent', () => {
  it('types the four chat events', () => {
    expect(toChatEvent({ event: 'start', data: '{"messageId":"m","userMessageId":null,"parentId":"p"}' })).toEqual({ type: 'start', data: { messageId: 'm', userMessageId: null, parentId: 'p' } });
    expect(toChatEvent({ event: 'token', data: '{"text":"Hi\\n"}' })).toEqual({ type: 'token', data: { text: 'Hi\n' } });
    expect(toChatEvent({ event: 'done', data: '{"messageId":"m","userMessageId":"u","status":"interrupted"}' })).toEqual({ type: 'done', data: { messageId: 'm', userMessageId: 'u', status: 'interrupted' } });
    expect(toChatEvent({ event: 'suggestions', data: '{"messageId":"m","suggestions":["a","b"]}' })).toEqual({ type: 'suggestions', data: { messageId: 'm', suggestions: ['a', 'b'] } });
  });

  it('skips unknown events and malformed data', () => {
    expect(toChatEvent({ event: 'ping', data: '{}' })).toBeNull();
    expect(toChatEvent({ event: 'token', data: 'not json' })).toBeNull();
    expect(toChatEvent({ event: 'token', data: '{"text":3}' })).toBeNull();
    expect(toChatEvent({ event: 'done', data: '{"messageId":"m","userMessageId":null,"status":"weird"}' })).toBeNull();
    expect(toChatEvent({ event: 'suggestions', data: '{"messageId":"m","suggestions":[1]}' })).toBeNull();
  });
});

describe('chatEventReader', () => {
  it('reassembles events split across chunks anywhere, even inside a multi-byte text', () => {
    const stream = 'event: start\ndata: {"messageId":"m","userMessageId":"u","parentId":"u"}\n\nevent: token\ndata: {"text":"你好"}\n\nevent: done\ndata: {"messageId":"m","userMessageId":"u","status":"complete"}\n\n';
    for (const cut of [1, 7, 30, 60, 75, stream.length - 1]) {
      const read = chatEventReader();
      const events = [...read(stream.slice(0, cut)), ...read(stream.slice(cut))];
      expect(events.map((e) => e.type), `cut at ${cut}`).toEqual(['start', 'token', 'done']);
    }
  });
});
