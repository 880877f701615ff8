import { CHAT_REGENERATE_PATH, CHAT_SEND_PATH, ChatRegenerateInput, ChatSendInput, type ChatStreamEvents } from '@starlit/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ChatStreamError } from '../../ai/chat/index.ts';
import { requestToken } from '../../platform/auth.ts';
import { unauthorized } from '../../platform/errors.ts';
import { openEventStream } from '../../platform/event-stream.ts';
import { parseInput, type Authenticate } from '../../platform/http.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { MAX_REPLY_TOKENS } from './chat.prompt.ts';
import type { ChatService, PendingReply, ReplyRequest } from './chat.service.ts';

/**
 * How often streaming replies are written to the database, so a crash loses at most this much
 * of a reply. Each write carries the whole text so far of every streaming reply: at 250 ms the
 * writes alone tripled the relay delay at p99 with 300 streams (bench:chat).
 */
const SAVE_EVERY_MS = 1000;
/** A comment line this often keeps proxies from closing a stream waiting for its model. */
const HEARTBEAT_MS = 15_000;

/**
 * `POST /ai/api/v1/chat/send` and `/chat/regenerate` answer text/event-stream with the events
 * of ChatStreamEvents: `start`, `token`s, `done`, then maybe `suggestions`. Failures before the
 * stream starts (login, owner, a reply already running, limits, validation) answer the usual envelope.
 */
export function chatStreamRoutes(app: FastifyInstance, deps: { chat: ChatService; authenticate: Authenticate }) {
  // replies still streaming must stop when the server shuts down, or close() waits for them
  const running = new Set<AbortController>();
  app.addHook('preClose', async () => {
    for (const controller of running) controller.abort(new Error('the server is shutting down'));
  });

  // The text so far of every reply streaming through this server, written in one statement per
  // tick: one write per reply per tick held each token behind the database under load
  // (bench:chat), and PGlite runs its whole queue without yielding to the event loop.
  const unsaved = new Map<string, string>();
  let saving = false;
  async function saveBatch(batch: Array<[string, string]>) {
    try {
      await deps.chat.saveStreaming(batch);
    } catch (err) {
      // one reply the database refuses must not keep every other reply from being saved
      app.log.warn({ err, replies: batch.length }, 'could not save streaming replies together; saving them one by one');
      for (const one of batch) await deps.chat.saveStreaming([one]).catch((e: unknown) => app.log.warn({ err: e, messageId: one[0] }, 'could not save a streaming reply'));
    }
  }
  const saver = setInterval(() => {
    if (saving || unsaved.size === 0) return;
    const batch = [...unsaved];
    unsaved.clear();
    saving = true;
    void saveBatch(batch).finally(() => (saving = false));
  }, SAVE_EVERY_MS);
  saver.unref();
  app.addHook('onClose', async () => clearInterval(saver));

  async function signedIn(req: FastifyRequest) {
    const token = requestToken(req);
    const user = token ? await deps.authenticate(token) : null;
    if (!user) throw unauthorized();
    return user;
  }

  async function stream(req: FastifyRequest, reply: FastifyReply, pending: PendingReply) {
    const stream = openEventStream(reply);
    const { res, send } = stream;
    const emit = <E extends keyof ChatStreamEvents>(event: E, data: ChatStreamEvents[E]) => send(event, data);
    const controller = new AbortController();
    running.add(controller);
    // the response closing before we end it means the client went away (or pressed Stop): stop the model too
    res.on('close', () => {
      if (!res.writableEnded) controller.abort(new Error('the client disconnected'));
    });
    // it may have gone while the reply was being prepared, before anyone listened
    // (the request itself is always finished by now: its socket tells)
    if (res.destroyed || req.raw.socket.destroyed) controller.abort(new Error('the client disconnected'));
    // a lost lease means another reply may be running: this one stops, keeping its text
    pending.lease.lost.addEventListener('abort', () => controller.abort(pending.lease.lost.reason), { once: true });
    // proxies close streams that stay silent (nginx after 60 s); a model may take that long to start
    const heartbeat = setInterval(() => stream.comment('keep-alive'), HEARTBEAT_MS);

    const messageId = pending.agentMessage.id;
    const userMessageId = pending.userMessage?.id ?? null;
    emit('start', { messageId, userMessageId, parentId: pending.agentMessage.parentId });
    let content = '';
    let status: ChatStreamEvents['done']['status'] = 'complete';
    try {
      for await (const chunk of deps.chat.model.stream(pending.prompt, { maxTokens: MAX_REPLY_TOKENS, persona: pending.persona, agentName: pending.conversation.agentNickname }, controller.signal)) {
        // PostgreSQL text cannot hold NUL: one from a model would make the reply unsavable
        const text = chunk.text.replaceAll('\u0000', '');
        if (!text) continue;
        content += text;
        emit('token', { text });
        unsaved.set(messageId, content);
      }
      if (controller.signal.aborted) status = 'interrupted';
    } catch (err) {
      if (controller.signal.aborted) status = 'interrupted';
      else {
        status = 'failed';
        if (err instanceof ChatStreamError) req.log.warn({ err, messageId }, 'chat reply failed');
        else req.log.error({ err, messageId }, 'chat reply broke');
      }
    }
    clearInterval(heartbeat);
    // the final write says it all; a batch still in flight cannot undo it (it only touches `streaming` rows)
    unsaved.delete(messageId);
    // an unstored reply keeps the lease until it lapses: only then may a read mark it interrupted
    if (await finish(messageId, content, status, req)) {
      try {
        await pending.lease.release();
      } catch (err) {
        // the lease lapses by itself within 30 s; the reply is already stored
        req.log.warn({ err, messageId }, 'could not release the reply lease');
      }
    }
    emit('done', { messageId, userMessageId, status });
    if (status === 'complete' && !controller.signal.aborted) {
      try {
        const suggestions = await deps.chat.afterReply(pending, content, controller.signal);
        emit('suggestions', { messageId, suggestions });
      } catch (err) {
        req.log.warn({ err, messageId }, 'no reply suggestions or memory this time');
      }
    }
    running.delete(controller);
    res.end();
  }

  /**
   * Stores the final reply, trying twice. If both fail the text goes back to the streaming
   * saver, and the reply, still `streaming`, is marked interrupted once its lease lapses.
   */
  async function finish(messageId: string, content: string, status: ChatStreamEvents['done']['status'], req: FastifyRequest): Promise<boolean> {
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        await deps.chat.finishReply(messageId, content, status);
        return true;
      } catch (err) {
        req.log.error({ err, messageId, attempt }, 'could not store the chat reply');
      }
    }
    unsaved.set(messageId, content);
    return false;
  }

  const route = (path: string, request: (req: FastifyRequest) => ReplyRequest) =>
    app.post(path, async (req, reply) => {
      const user = await signedIn(req);
      const pending = await deps.chat.prepareReply(user.id, request(req));
      await stream(req, reply, pending);
    });

  route(CHAT_SEND_PATH, (req) => ({ kind: 'send', ...parseInput(ChatSendInput, req.body, requestLanguage(req)) }));
  route(CHAT_REGENERATE_PATH, (req) => ({ kind: 'regenerate', ...parseInput(ChatRegenerateInput, req.body, requestLanguage(req)) }));
}
