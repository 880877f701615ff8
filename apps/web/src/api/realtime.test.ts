import { describe, expect, it } from 'vitest';
import { backoffDelay, parseEventStream } from './realtime';

describe('realtime stream parsing', () => {
  it('answers the names of complete events and keeps the unfinished rest', () => {
    const { events, rest } = parseEventStream(': connected\n\nevent: notice\ndata: {"type":"notice"}\n\n: ping\n\nevent: notice\ndata: {"ty');
    expect(events).toEqual(['notice']);
    expect(rest).toBe('event: notice\ndata: {"ty');
    expect(parseEventStream(`${rest}pe":"notice"}\n\n`).events).toEqual(['notice']);
  });

  it('accepts CRLF line endings and unnamed events', () => {
    expect(parseEventStream('data: 1\r\n\r\nevent: job\r\ndata: 2\r\n\r\n').events).toEqual(['message', 'job']);
  });

  it('backs off from 1 s doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
