import { calls, ErrorCode, LIVE_LIMITS } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requestToken } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { openEventStream } from '../../platform/event-stream.ts';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import type { LiveActions } from './live-actions.ts';
import type { LiveHub } from './live-hub.ts';
import type { LiveService } from './live.service.ts';

/** Heartbeats keep proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** A viewer whose socket holds more than this unsent is too slow to follow: their stream ends and they catch up on reconnect. */
const MAX_BUFFERED = 1024 * 1024;

const StreamParams = z.object({ showId: z.uuid() });
const StreamQuery = z.object({ after: z.coerce.number().int().min(0).optional() });

/** A start carries a cover of up to 5 MB as base64 (a third larger), and the settings beside it. */
const START_BODY_LIMIT = Math.ceil((LIVE_LIMITS.coverBytes * 4) / 3) + 64 * 1024;

/** The live calls and a show's stream. A plugin scope, so the start's larger body limit stays its own. */
export async function liveRoutes(app: FastifyInstance, deps: { shows: LiveService; actions: LiveActions; hub: LiveHub; authenticate: Authenticate }) {
  await app.register(async (scope) => liveScope(scope, deps));
}

function liveScope(app: FastifyInstance, deps: { shows: LiveService; actions: LiveActions; hub: LiveHub; authenticate: Authenticate }) {
  const c = calls.live;
  const { shows, actions, authenticate: auth } = deps;
  app.addHook('onRoute', (route) => {
    if (route.url === c.start.path) route.bodyLimit = START_BODY_LIMIT;
  });
  registerCall(app, c.options, auth, async ({ user, input, lang }) => shows.options(user.id, input.agentId, lang));
  registerCall(app, c.start, auth, async ({ user, input, lang }) => shows.start(user.id, input, lang));
  registerCall(app, c.update, auth, async ({ user, input }) => shows.update(user.id, input));
  registerCall(app, c.end, auth, async ({ user, input }) => shows.end(user.id, input.showId));
  registerCall(app, c.get, auth, async ({ user, input }) => shows.get(user?.id ?? null, input.showId));
  registerCall(app, c.ofAgent, auth, async ({ user, input }) => shows.ofAgent(user?.id ?? null, input.agentId));
  registerCall(app, c.list, auth, async ({ user, input }) => shows.list(user?.id ?? null, input.cursor, input.limit));
  registerCall(app, c.events, auth, async ({ user, input }) => shows.events(user?.id ?? null, input.showId, input.after, input.limit));
  registerCall(app, c.clock, auth, async () => ({ now: Date.now() }));
  registerCall(app, c.chat, auth, async ({ user, input }) => actions.chat(user.id, input));
  registerCall(app, c.gift, auth, async ({ user, input }) => actions.gift(user.id, input));
  registerCall(app, c.moderate, auth, async ({ user, input }) => actions.moderate(user.id, input));

  // open streams never go idle: closing the server ends them, or close() would wait for ever
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  /**
   * A show's events as server-sent events (docs/live.md, Realtime): anyone who may see the show,
   * signed in or not, from `after` (or the Last-Event-ID a reconnecting EventSource sends).
   */
  app.get('/ai/live/:showId/stream', async (req, reply) => {
    const params = StreamParams.safeParse(req.params);
    const query = StreamQuery.safeParse(req.query);
    if (!params.success || !query.success) throw new AppError(ErrorCode.VALIDATION, 400);
    const token = requestToken(req);
    const user = token ? await deps.authenticate(token) : null;
    const { showId } = params.data;
    const { live } = await shows.enter(user?.id ?? null, showId);
    // a reconnecting EventSource sends its last number in Last-Event-ID and the first address again: the header wins
    const lastEventId = Number(req.headers['last-event-id'] ?? Number.NaN);
    const after = Number.isInteger(lastEventId) && lastEventId >= 0 ? lastEventId : (query.data.after ?? 0);
    const { res, comment } = openEventStream(reply);
    let detach: (() => void) | null = null;
    const heartbeat = setInterval(() => comment('ping'), HEARTBEAT_MS);
    const end = () => {
      if (!open.has(end)) return;
      open.delete(end);
      clearInterval(heartbeat);
      detach?.();
      res.end();
    };
    open.add(end);
    res.on('close', end);
    const viewer = {
      userId: user?.id ?? null,
      write(chunk: string) {
        if (res.writableEnded) return;
        // destroyed, not ended: ending would wait to flush a megabyte into a socket that is not reading
        if (res.writableLength > MAX_BUFFERED) return void res.destroy();
        res.write(chunk);
      },
      close: end,
    };
    try {
      detach = await deps.hub.attach(showId, viewer, after);
    } catch (err) {
      req.log.warn({ err, showId }, 'live stream not opened');
      end();
      return;
    }
    if (!open.has(end)) detach();
    // an ended show has nothing more to send once the viewer has what they missed
    else if (!live) end();
  });
}
