import { describe, expect, it } from 'vitest';
import { chatEventReader, MalformedChatEvent, splitEvents, toChatEvent } from './event-stream';

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

  it('skips events of other names, whatever their data', () => {
    expect(toChatEvent({ event: 'ping', data: '{}' })).toBeNull();
    expect(toChatEvent({ event: 'message', data: 'not json' })).toBeNull();
    expect(toChatEvent({ event: 'toString', data: '{}' })).toBeNull();
  });

  it('throws on a known event whose data does not fit its schema', () => {
    for (const raw of [
      { event: 'token', data: 'not json' },
      { event: 'token', data: '{"text":3}' },
      { event: 'token', data: '["text"]' },
      { event: 'start', data: '{"userMessageId":null,"parentId":null}' },
      { event: 'done', data: '{"messageId":"m","userMessageId":null,"status":"weird"}' },
      { event: 'suggestions', data: '{"messageId":"m","suggestions":[1]}' },
    ]) {
      expect(() => toChatEvent(raw), raw.data).toThrow(MalformedChatEvent);
    }
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

  it('skips unknown events between chat events and throws at a malformed one', () => {
    const read = chatEventReader();
    expect([...read('event: ping\ndata: {}\n\nevent: token\ndata: {"text":"a"}\n\n')].map((e) => e.type)).toEqual(['token']);
    const seen: string[] = [];
    expect(() => {
      for (const e of read('event: token\ndata: {"text":"b"}\n\nevent: token\ndata: {"txt":"c"}\n\nevent: token\ndata: {"text":"d"}\n\n')) seen.push(e.type === 'token' ? e.data.text : e.type);
    }).toThrow(MalformedChatEvent);
    expect(seen).toEqual(['b']);
  });
});
