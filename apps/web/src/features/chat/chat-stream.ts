import type { CHAT_REGENERATE_PATH, CHAT_SEND_PATH, ChatRegenerateInput, ChatSendInput } from '@starlit/contract';
import type { z } from 'zod';
import { urlOf } from '../../api/client';
import { httpErrorText, networkErrorText, serverErrorText } from '../../api/http-errors';
import { openStream } from '../../api/stream';
import { i18next } from '../../i18n/i18n';
import { notifyError } from '../../ui/toast';
import { MalformedChatEvent, toChatEvent, type ChatEvent } from './event-stream';

/**
 * How a stream ended. `broken.opened` says whether the server had answered with a stream: it
 * stores the message before it streams, so only an unopened stream surely left nothing behind.
 */
export type StreamEnd = { kind: 'done' } | { kind: 'stopped' } | { kind: 'refused'; code: number } | { kind: 'broken'; opened: boolean };

type Request = { path: typeof CHAT_SEND_PATH; body: z.input<typeof ChatSendInput> } | { path: typeof CHAT_REGENERATE_PATH; body: z.input<typeof ChatRegenerateInput> };

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
    const opening = await openStream(request.path, { body: request.body, signal });
    if (opening.kind === 'unauthorized') return { kind: 'refused', code: 401 };
    if (opening.kind === 'answer') {
      const { envelope } = opening;
      if (envelope && envelope.code !== 0) {
        notifyError(envelope.message);
        return { kind: 'refused', code: envelope.code };
      }
      notifyError(opening.ok ? serverErrorText(url, (key) => i18next.t(key)) : httpErrorText(opening.status, url, (key) => i18next.t(key)));
      return { kind: 'broken', opened };
    }
    opened = true;
    // an event that does not fit the contract throws: nothing after it can be trusted, so the
    // reading hangs up (the server then keeps what it wrote as interrupted) and it ends as broken
    await opening.read((raw) => {
      const event = toChatEvent(raw);
      if (!event) return;
      if (event.type === 'done') sawDone = true;
      onEvent(event);
    });
    return sawDone ? { kind: 'done' } : { kind: 'broken', opened };
  } catch (err) {
    // a stop or a bad event after `done` only gives up the suggestions still to come
    if (sawDone) return { kind: 'done' };
    if (signal.aborted) return { kind: 'stopped' };
    notifyError(err instanceof MalformedChatEvent ? serverErrorText(url, (key) => i18next.t(key)) : networkErrorText(url, (key) => i18next.t(key)));
    return { kind: 'broken', opened };
  }
}
