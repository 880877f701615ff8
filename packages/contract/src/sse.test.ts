import { describe, expect, it } from 'vitest';
import { eventReader, splitEvents } from './sse.ts';

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

describe('eventReader', () => {
  it('answers the events of the realtime stream across chunks, skipping comments and pings', () => {
    const read = eventReader();
    expect(read(': connected\n\nevent: notice\ndata: {"type":"notice"}\n\n: ping\n\nevent: notice\ndata: {"ty')).toEqual([{ event: 'notice', data: '{"type":"notice"}' }]);
    expect(read('pe":"notice"}\n\n')).toEqual([{ event: 'notice', data: '{"type":"notice"}' }]);
    expect(read('data: 1\r\n\r\nevent: job\r\ndata: 2\r\n\r\n').map((e) => e.event)).toEqual(['message', 'job']);
  });
});
