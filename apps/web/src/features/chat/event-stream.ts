import { ChatStreamEvent, type ChatStreamEvents } from '@starlit/contract';
import type { RawEvent } from '@starlit/contract/sse';

/** A chat stream event with its typed data. */
export type ChatEvent = { [K in keyof ChatStreamEvents]: { type: K; data: ChatStreamEvents[K] } }[keyof ChatStreamEvents];

/** A known chat event whose data does not fit its schema: the stream cannot be trusted any further. */
export class MalformedChatEvent extends Error {
  constructor(
    readonly event: string,
    readonly data: string,
  ) {
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
