import { config } from '../platform/config';
import { handleUnauthorized } from './client';
import { currentHeaders } from './headers';

/** The push stream of the signed-in user (server-sent events over fetch, so the token header travels). */
const REALTIME_PATH = '/ai/realtime';

const MAX_BACKOFF_MS = 30_000;

/** Wait before reconnect attempt `attempt` (0-based): 1 s doubling up to 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempt));
}

/** Splits buffered stream text into complete events' names and the unfinished rest. */
export function parseEventStream(buffer: string): { events: string[]; rest: string } {
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: string[] = [];
  for (const block of blocks) {
    const lines = block.split('\n').filter((line) => line !== '' && !line.startsWith(':'));
    if (lines.length === 0) continue;
    const eventLine = lines.find((line) => line.startsWith('event:'));
    events.push(eventLine ? eventLine.slice('event:'.length).trim() : 'message');
  }
  return { events, rest };
}

export interface RealtimeHandlers {
  /** Called once per event with its name (e.g. "notice"). */
  onEvent(name: string): void;
  /** Called on every (re)connection: whatever happened while disconnected must be fetched again. */
  onConnected(): void;
}

/** Keeps the realtime stream open, reconnecting with backoff; answers the function that stops it. */
export function startRealtime(handlers: RealtimeHandlers): () => void {
  let stopped = false;
  let controller = new AbortController();
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;

  const connect = async () => {
    controller = new AbortController();
    try {
      const res = await fetch(`${config.aiHost}${REALTIME_PATH}`, { headers: currentHeaders(), signal: controller.signal });
      if (res.status === 401) {
        handleUnauthorized();
        return;
      }
      if (!res.ok || !res.body) throw new Error(`realtime answered ${res.status}`);
      attempt = 0;
      handlers.onConnected();
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const parsed = parseEventStream(buffer + value);
        buffer = parsed.rest;
        for (const name of parsed.events) handlers.onEvent(name);
      }
    } catch {
      // a dropped connection is expected (deploys, sleep, network changes): retry below
    }
    if (stopped) return;
    retryTimer = setTimeout(() => void connect(), backoffDelay(attempt++));
  };

  void connect();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    controller.abort();
  };
}
