import { eventReader } from '@starlit/contract/sse';
import { retryAfterMs, withRetries } from '../retry.ts';
import { type ChatChunk, type ChatMessage, type ChatModel, type ChatOptions, ChatStreamError } from './chat-model.ts';

/** The name the UI shows for replies made by an OpenAI-compatible endpoint. */
export const OPENAI_CHAT_ENGINE = 'OpenAI-compatible chat';

export interface OpenAiChatOptions {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** Tries after the first one for 429, 5xx and connection errors before the first token. */
  retries?: number;
  /** First wait between tries; it doubles each time. */
  backoffMs?: number;
  /** How long to wait for the response headers; a model may think a while before answering. */
  timeoutMs?: number;
}

/** A failure worth another try: nothing reached the caller yet and the provider may recover. */
class Retryable extends Error {
  constructor(
    message: string,
    readonly reason: 'unreachable' | 'provider-error' | 'connection-lost',
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

interface StreamEvent {
  choices?: Array<{ delta?: { content?: string | null }; finish_reason?: string | null }>;
  error?: { message?: string } | string;
}

/** Chat through `POST {baseUrl}/v1/chat/completions` with `stream: true` (OpenAI, Ollama, vLLM, llama.cpp, LM Studio, OpenRouter…). */
export function openAiCompatibleChat(options: OpenAiChatOptions): ChatModel {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/v1/chat/completions`;
  const retries = options.retries ?? 2;
  const backoffMs = options.backoffMs ?? 500;
  const timeoutMs = options.timeoutMs ?? 60_000;

  async function connect(body: string, upstream: AbortController, signal?: AbortSignal): Promise<ReadableStream<Uint8Array>> {
    const timer = setTimeout(() => upstream.abort(new Error('timeout')), timeoutMs);
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
        body,
        signal: upstream.signal,
      });
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      const why = upstream.signal.aborted ? `did not answer within ${timeoutMs} ms` : `could not be reached: ${(err as Error).message}`;
      throw new Retryable(`the chat provider ${why}`, 'unreachable');
    } finally {
      clearTimeout(timer);
    }
    if (res.status === 429 || res.status >= 500) {
      await res.body?.cancel();
      throw new Retryable(`the chat provider answered ${res.status}`, 'provider-error', retryAfterMs(res.headers.get('retry-after')));
    }
    if (!res.ok || !res.body) {
      throw new ChatStreamError(`the chat provider refused the request (${res.status}): ${(await res.text()).slice(0, 300)}`, 'refused', false);
    }
    return res.body;
  }

  /** One try: connects and relays the SSE stream; `started` records whether a token reached the caller. */
  async function* attempt(body: string, state: { started: boolean }, signal?: AbortSignal): AsyncGenerator<ChatChunk> {
    const upstream = new AbortController();
    const onAbort = () => upstream.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    // before the first token nothing is lost by trying again; after it the caller keeps the partial reply
    const fail = (message: string, reason: 'connection-lost' | 'provider-error') => (state.started ? new ChatStreamError(message, reason, true) : new Retryable(message, reason));
    try {
      const reader = (await connect(body, upstream, signal)).getReader();
      const decoder = new TextDecoder();
      const readEvents = eventReader();
      let finished = false;
      for (;;) {
        let read: ReadableStreamReadResult<Uint8Array>;
        try {
          read = await reader.read();
        } catch (err) {
          if (signal?.aborted) throw signal.reason;
          throw fail(`the connection to the chat provider was lost: ${(err as Error).message}`, 'connection-lost');
        }
        // a half event waits in the reader for the next read; at the end, a last event without its blank line still counts
        const text = read.done ? '\n\n' : decoder.decode(read.value, { stream: true });
        for (const { data: raw } of readEvents(text)) {
          const data = raw.trim();
          if (data === '[DONE]') return;
          let event: StreamEvent;
          try {
            event = JSON.parse(data) as StreamEvent;
          } catch {
            // a provider that sends garbage will send it again: no retry
            throw new ChatStreamError(`the chat provider sent a malformed chunk: ${data.slice(0, 120)}`, 'malformed', state.started);
          }
          if (event.error) {
            const message = typeof event.error === 'string' ? event.error : (event.error.message ?? 'unknown error');
            throw fail(`the chat provider failed mid-stream: ${message}`, 'provider-error');
          }
          const choice = event.choices?.[0];
          if (choice?.finish_reason) finished = true;
          const content = choice?.delta?.content;
          if (content) {
            state.started = true;
            yield { text: content };
          }
        }
        if (read.done) {
          // a stream that ends without [DONE] or a finish reason was cut short
          if (finished) return;
          throw fail('the chat provider closed the stream before the reply was complete', 'connection-lost');
        }
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
      // closes the upstream request when the reply ends early: stop, disconnect or failure
      upstream.abort();
    }
  }

  return {
    engine: OPENAI_CHAT_ENGINE,
    async *stream(messages: ChatMessage[], chatOptions: ChatOptions, signal?: AbortSignal) {
      const body = JSON.stringify({ model: options.model, messages, stream: true, max_tokens: chatOptions.maxTokens, temperature: chatOptions.temperature });
      const state = { started: false };
      // a try ends at its first chunk: from then on a failure reaches the caller as it is, never as another try
      const tried = await withRetries(
        async () => {
          const relay = attempt(body, state, signal);
          return { relay, first: await relay.next() };
        },
        {
          retries,
          signal,
          retryDelay: (err, tries) => (err instanceof Retryable ? (err.retryAfterMs ?? backoffMs * 2 ** tries) : null),
          giveUp: (err, tries) => new ChatStreamError(`${(err as Retryable).message}; gave up after ${tries} tries`, (err as Retryable).reason, false),
        },
      );
      if (tried.first.done) return;
      try {
        yield tried.first.value;
        yield* tried.relay;
      } finally {
        // a caller that stops after the first chunk still closes the upstream request
        await tried.relay.return(undefined);
      }
    },
  };
}
