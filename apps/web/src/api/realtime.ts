import type { RawEvent } from '@starlit/contract/sse';
import { openStream } from './stream';

/** The push stream of the signed-in user (server-sent events over fetch, so the token header travels). */
const REALTIME_PATH = '/ai/realtime';

const MAX_BACKOFF_MS = 30_000;

/** Wait before reconnect attempt `attempt` (0-based): 1 s doubling up to 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempt));
}

export interface RealtimeHandlers {
  /** Called once per event (e.g. one named "notice"). */
  onEvent(event: RawEvent): void;
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
      const opening = await openStream(REALTIME_PATH, { signal: controller.signal });
      if (opening.kind === 'unauthorized') return;
      if (opening.kind === 'answer') throw new Error(`realtime answered ${opening.status}`);
      attempt = 0;
      handlers.onConnected();
      await opening.read(handlers.onEvent);
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
