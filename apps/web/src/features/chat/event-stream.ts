import { ChatStreamEvent, type ChatStreamEvents } from '@starlit/contract';

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

/** A known chat event whose data does not fit its schema: the stream cannot be trusted any further. */
export class MalformedChatEvent extends Error {
  constructor(readonly event: string, readonly data: string) {
    super(`malformed chat stream event "${event}"`);
    this.name = 'MalformedChatEvent';
  }
}

const isKnown = (event: string): event is keyof ChatStreamEvents => Object.hasOwn(ChatStreamEvent, event);

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * The chat event a raw event carries, checked against the contract's schema; null for events
 * of other names (skipped). Throws MalformedChatEvent when a known event's data does not fit.
 */
export function toChatEvent(raw: RawEvent): ChatEvent | null {
  if (!isKnown(raw.event)) return null;
  const json = parseJson(raw.data);
  const parsed = json.ok ? ChatStreamEvent[raw.event].safeParse(json.value) : null;
  if (!parsed?.success) throw new MalformedChatEvent(raw.event, raw.data);
  // the schema for this name checked the data, so the pair is one of ChatEvent's members
  return { type: raw.event, data: parsed.data } as ChatEvent;
}

/**
 * Feeds text chunks in and yields the chat events they complete, one by one, keeping partial
 * events for the next chunk. Throws MalformedChatEvent when it reaches one, after yielding the
 * events before it.
 */
export function chatEventReader(): (chunk: string) => Generator<ChatEvent, void, undefined> {
  let buffer = '';
  return function* read(chunk) {
    const { events, rest } = splitEvents(buffer + chunk);
    buffer = rest;
    for (const raw of events) {
      const event = toChatEvent(raw);
      if (event) yield event;
    }
  };
}
