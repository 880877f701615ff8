import { describe, expect, it } from 'vitest';
import { eventReader } from '@starlit/contract/sse';
import { MalformedChatEvent, toChatEvent, type ChatEvent } from './event-stream';

/** The chat events of some chunks, as the stream reads them: framing first, then the contract's schemas. */
function chatEventsOf(read: ReturnType<typeof eventReader>, chunk: string, seen: ChatEvent[] = []): ChatEvent[] {
  for (const raw of read(chunk)) {
    const event = toChatEvent(raw);
    if (event) seen.push(event);
  }
  return seen;
}

describe('toChatEvent', () => {
  it('types the four chat events', () => {
    expect(toChatEvent({ event: 'start', data: '{"messageId":"m","userMessageId":null,"parentId":"p"}' })).toEqual({ type: 'start', data: { messageId: 'm', userMessageId: null, parentId: 'p' } });
    expect(toChatEvent({ event: 'token', data: '{"text":"Hi\\n"}' })).toEqual({ type: 'token', data: { text: 'Hi\n' } });
    expect(toChatEvent({ event: 'done', data: '{"messageId":"m","userMessageId":"u","status":"interrupted"}' })).toEqual({
      type: 'done',
      data: { messageId: 'm', userMessageId: 'u', status: 'interrupted' },
    });
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

describe('reading chat events', () => {
  it('reassembles events split across chunks anywhere, even inside a multi-byte text', () => {
    const stream =
      'event: start\ndata: {"messageId":"m","userMessageId":"u","parentId":"u"}\n\nevent: token\ndata: {"text":"你好"}\n\nevent: done\ndata: {"messageId":"m","userMessageId":"u","status":"complete"}\n\n';
    for (const cut of [1, 7, 30, 60, 75, stream.length - 1]) {
      const read = eventReader();
      const events = [...chatEventsOf(read, stream.slice(0, cut)), ...chatEventsOf(read, stream.slice(cut))];
      expect(
        events.map((e) => e.type),
        `cut at ${cut}`,
      ).toEqual(['start', 'token', 'done']);
    }
  });

  it('skips unknown events between chat events and throws at a malformed one', () => {
    const read = eventReader();
    expect(chatEventsOf(read, 'event: ping\ndata: {}\n\nevent: token\ndata: {"text":"a"}\n\n').map((e) => e.type)).toEqual(['token']);
    const seen: ChatEvent[] = [];
    expect(() => chatEventsOf(read, 'event: token\ndata: {"text":"b"}\n\nevent: token\ndata: {"txt":"c"}\n\nevent: token\ndata: {"text":"d"}\n\n', seen)).toThrow(MalformedChatEvent);
    expect(seen.map((e) => (e.type === 'token' ? e.data.text : e.type))).toEqual(['b']);
  });
});
