import { openEventStream } from '../../platform/event-stream.ts';
import type { FastifyInstance } from 'fastify';
import { requestToken } from '../../platform/auth.ts';
import type { Bus } from '../../platform/bus.ts';
import { unauthorized } from '../../platform/errors.ts';
import type { Authenticate } from '../../platform/http.ts';

/** Heartbeats keep proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * Server-sent events for one signed-in user (notices now; job status later). The client
 * reads it with fetch so the `token` header travels like on every other call.
 */
export function realtimeRoutes(app: FastifyInstance, deps: { bus: Bus; authenticate: Authenticate }) {
  // Open streams never go idle, so shutting down must end them or close() waits forever.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get('/ai/realtime', async (req, reply) => {
    const token = requestToken(req);
    const user = token ? await deps.authenticate(token) : null;
    if (!user) throw unauthorized();
    const { res, send, comment } = openEventStream(reply);
    comment('connected');
    const unsubscribe = deps.bus.subscribe(user.id, (event) => send(event.type, event));
    const heartbeat = setInterval(() => comment('ping'), HEARTBEAT_MS);
    const end = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      res.end();
    };
    open.add(end);
    req.raw.on('close', end);
  });
}
