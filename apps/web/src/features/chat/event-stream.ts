import type { ChatStreamEvents } from '@starlit/contract';

/** One server-sent event as it arrived: its name and its (joined) data lines. */
export interface RawEvent {
  event: string;
  data: string;
}

/**
 * Splits buffered stream text into complete events and the unfinished rest (SSE framing:
 * events end at a blank line, `data:` lines join with newlines, `:` lines are comments).
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

/** A chat stream event with its typed data. */
export type ChatEvent = { [K in keyof ChatStreamEvents]: { type: K; data: ChatStreamEvents[K] } }[keyof ChatStreamEvents];

type Fields = Record<string, unknown>;

function parseObject(text: string): Fields | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : null;
  } catch {
    return null;
  }
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isIdOrNull = (value: unknown): value is string | null => value === null || isString(value);
const isStatus = (value: unknown): value is ChatStreamEvents['done']['status'] => value === 'complete' || value === 'interrupted' || value === 'failed';

/** The chat event a raw event carries, or null for unknown names and malformed data (skipped, not fatal). */
export function toChatEvent(raw: RawEvent): ChatEvent | null {
  const d = parseObject(raw.data);
  if (!d) return null;
  switch (raw.event) {
    case 'start':
      return isString(d.messageId) && isIdOrNull(d.userMessageId) && isIdOrNull(d.parentId)
        ? { type: 'start', data: { messageId: d.messageId, userMessageId: d.userMessageId, parentId: d.parentId } }
        : null;
    case 'token':
      return isString(d.text) ? { type: 'token', data: { text: d.text } } : null;
    case 'done':
      return isString(d.messageId) && isIdOrNull(d.userMessageId) && isStatus(d.status)
        ? { type: 'done', data: { messageId: d.messageId, userMessageId: d.userMessageId, status: d.status } }
        : null;
    case 'suggestions':
      return isString(d.messageId) && Array.isArray(d.suggestions) && d.suggestions.every(isString)
        ? { type: 'suggestions', data: { messageId: d.messageId, suggestions: d.suggestions } }
        : null;
    default:
      return null;
  }
}

/** Feeds text chunks in and answers the chat events they complete, keeping partial events for the next chunk. */
export function chatEventReader(): (chunk: string) => ChatEvent[] {
  let buffer = '';
  return (chunk) => {
    const { events, rest } = splitEvents(buffer + chunk);
    buffer = rest;
    return events.map(toChatEvent).filter((e): e is ChatEvent => e !== null);
  };
}
