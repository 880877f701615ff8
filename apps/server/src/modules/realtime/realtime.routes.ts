import { openEventStream } from '../../platform/event-stream.ts';
import type { FastifyInstance } from 'fastify';
import { requestToken } from '../../platform/auth.ts';
import type { Bus } from '../../platform/bus.ts';
import { rateLimited, unauthorized } from '../../platform/errors.ts';
import type { Authenticate } from '../../platform/http.ts';
import type { StreamSlots } from './stream-slots.ts';

/** Heartbeats keep proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/**
 * Open streams one user may hold across all instances (tabs and devices). A further one is refused
 * with 429 rather than closing an older one: two clients that each reconnect when closed
 * would otherwise take turns closing each other for ever. The client backs off and polls.
 */
export const MAX_STREAMS_PER_USER = 8;

/**
 * Server-sent events for one signed-in user (notices now; job status later). The client
 * reads it with fetch so the `token` header travels like on every other call.
 */
export function realtimeRoutes(app: FastifyInstance, deps: { bus: Bus; authenticate: Authenticate; slots: StreamSlots }) {
  // Open streams never go idle, so shutting down must end them or close() waits forever.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });
  app.addHook('onClose', () => deps.slots.close());

  app.get('/ai/realtime', async (req, reply) => {
    const token = requestToken(req);
    const user = token ? await deps.authenticate(token) : null;
    if (!user) throw unauthorized();
    const slot = await deps.slots.take(user.id, MAX_STREAMS_PER_USER);
    if (!slot) throw rateLimited();
    const { res, send, comment } = openEventStream(reply);
    comment('connected');
    const unsubscribe = deps.bus.subscribe(user.id, (event) => send(event.type, event));
    const heartbeat = setInterval(() => comment('ping'), HEARTBEAT_MS);
    const end = () => {
      if (!open.has(end)) return;
      slot.release();
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      res.end();
    };
    open.add(end);
    // the response closes when the client goes, also if it went while we were authenticating or counting
    res.on('close', end);
    if (res.destroyed) end();
  });
}
