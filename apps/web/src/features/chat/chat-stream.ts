import type { CHAT_REGENERATE_PATH, CHAT_SEND_PATH, ChatRegenerateInput, ChatSendInput } from '@starlit/contract';
import type { z } from 'zod';
import { handleUnauthorized, urlOf } from '../../api/client';
import { currentHeaders } from '../../api/headers';
import { httpErrorText, networkErrorText, serverErrorText } from '../../api/http-errors';
import { i18next } from '../../i18n/i18n';
import { notifyError } from '../../ui/toast';
import { chatEventReader, MalformedChatEvent, type ChatEvent } from './event-stream';

/** How a stream ended: its `done` arrived, the person stopped it, or it never started or broke. */
/**
 * How a stream ended. `broken.opened` says whether the server had answered with a stream: it
 * stores the message before it streams, so only an unopened stream surely left nothing behind.
 */
export type StreamEnd = { kind: 'done' } | { kind: 'stopped' } | { kind: 'refused'; code: number } | { kind: 'broken'; opened: boolean };

type Request = { path: typeof CHAT_SEND_PATH; body: z.input<typeof ChatSendInput> } | { path: typeof CHAT_REGENERATE_PATH; body: z.input<typeof ChatRegenerateInput> };

function envelopeOf(body: unknown): { code: number; message: string } | null {
  if (typeof body !== 'object' || body === null || !('code' in body) || typeof body.code !== 'number') return null;
  return { code: body.code, message: 'message' in body && typeof body.message === 'string' ? body.message : '' };
}

/**
 * Runs a streaming send or regenerate: POSTs with the headers every call carries and hands
 * each event to `onEvent` as it arrives. A refusal before the stream starts comes as the usual
 * envelope and is toasted with its localized message, as the typed client does for calls.
 * No timeout: a reply may take long, and the Stop button (`signal`) ends it.
 */
export async function runChatStream(request: Request, onEvent: (event: ChatEvent) => void, signal: AbortSignal): Promise<StreamEnd> {
  const url = urlOf(request.path);
  let sawDone = false;
  let opened = false;
  try {
    const res = await fetch(url, { method: 'POST', headers: currentHeaders(), body: JSON.stringify(request.body), signal });
    if (res.status === 401) {
      handleUnauthorized();
      return { kind: 'refused', code: 401 };
    }
    const type = res.headers.get('content-type') ?? '';
    if (!type.includes('text/event-stream')) {
      const envelope = envelopeOf(await res.json().catch(() => null));
      if (envelope && envelope.code !== 0) {
        notifyError(envelope.message);
        return { kind: 'refused', code: envelope.code };
      }
      notifyError(res.ok ? serverErrorText(url, (key) => i18next.t(key)) : httpErrorText(res.status, url, (key) => i18next.t(key)));
      return { kind: 'broken', opened };
    }
    opened = true;
    if (!res.body) return { kind: 'broken', opened };
    const read = chatEventReader();
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      try {
        for (const event of read(value)) {
          if (event.type === 'done') sawDone = true;
          onEvent(event);
        }
      } catch (err) {
        // an event that does not fit the contract: nothing after it can be trusted, so hang up
        // (the server then keeps what it wrote as interrupted) and handle it as a broken stream
        if (err instanceof MalformedChatEvent) void reader.cancel().catch(() => undefined);
        throw err;
      }
    }
    return sawDone ? { kind: 'done' } : { kind: 'broken', opened };
  } catch (err) {
    // a stop or a bad event after `done` only gives up the suggestions still to come
    if (sawDone) return { kind: 'done' };
    if (signal.aborted) return { kind: 'stopped' };
    notifyError(err instanceof MalformedChatEvent ? serverErrorText(url, (key) => i18next.t(key)) : networkErrorText(url, (key) => i18next.t(key)));
    return { kind: 'broken', opened };
  }
}
