/** One server-sent event as it arrived: its name and its (joined) data lines. */
export interface RawEvent {
  event: string;
  data: string;
}

/**
 * Splits buffered stream text into complete events and the unfinished rest (SSE framing:
 * events end at a blank line, `data:` lines join with newlines, `:` lines are comments, and an
 * event without data is not dispatched).
 */
export function splitEvents(buffer: string): { events: RawEvent[]; rest: string } {
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: RawEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      // one optional space after the colon belongs to the framing, not the value
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/** Feeds text chunks in and answers the events they complete, keeping partial events for the next chunk. */
export function eventReader(): (chunk: string) => RawEvent[] {
  let buffer = '';
  return (chunk) => {
    const { events, rest } = splitEvents(buffer + chunk);
    buffer = rest;
    return events;
  };
}
