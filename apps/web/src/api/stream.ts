import { handleUnauthorized, urlOf } from './client';
import { readEnvelope, type ReadEnvelope } from './envelope';
import { eventReader, type RawEvent } from '@starlit/contract/sse';
import { currentHeaders } from './headers';

/**
 * How a stream request was answered: a 401 (already handled as every call handles it), an
 * ordinary answer instead of a stream (a refusal's envelope, an HTTP error), or the events.
 */
export type StreamOpening =
  | { kind: 'unauthorized' }
  | { kind: 'answer'; ok: boolean; status: number; envelope: ReadEnvelope | null }
  | { kind: 'events'; read(onEvent: (event: RawEvent) => void): Promise<void> };

/**
 * Reads a stream body to its end, handing each event to `onEvent` as soon as its chunk arrives.
 * When `onEvent` throws (an event that breaks the contract), the body is cancelled at once, so
 * the server stops writing, and the error is thrown on.
 */
async function readEvents(body: Response['body'], onEvent: (event: RawEvent) => void): Promise<void> {
  if (!body) return;
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  const read = eventReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    try {
      read(value).forEach(onEvent);
    } catch (err) {
      void reader.cancel().catch(() => undefined);
      throw err;
    }
  }
}

/**
 * Opens a server-sent-events stream with the headers every call carries: a POST with `body`
 * (chat replies) or a GET without (the realtime channel). No timeout: `signal` ends it.
 * Network failures throw, for the caller to tell apart from a stop.
 */
export async function openStream(path: string, { body, signal }: { body?: unknown; signal: AbortSignal }): Promise<StreamOpening> {
  const url = urlOf(path);
  const headers = currentHeaders();
  const res = await fetch(url, body === undefined ? { headers, signal } : { method: 'POST', headers, body: JSON.stringify(body), signal });
  if (res.status === 401) {
    handleUnauthorized();
    return { kind: 'unauthorized' };
  }
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    return { kind: 'answer', ok: res.ok, status: res.status, envelope: readEnvelope(await res.json().catch(() => null)) };
  }
  return { kind: 'events', read: (onEvent) => readEvents(res.body, onEvent) };
}
