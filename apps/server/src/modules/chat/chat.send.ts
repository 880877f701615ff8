import { openEventStream } from '../../platform/event-stream.ts';
import { CHAT_SEND_PATH, ChatSendInput } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { ChatStreamError } from '../../ai/chat/index.ts';
import { requestToken } from '../../platform/auth.ts';
import { unauthorized } from '../../platform/errors.ts';
import { parseInput, type Authenticate } from '../../platform/http.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import type { ChatService } from './chat.service.ts';

/** How often a streaming reply is written to the database, so a crash or reload loses little. */
const SAVE_EVERY_MS = 250;
/** Reply length asked of the model; a chat turn, not an essay. */
const MAX_REPLY_TOKENS = 800;

/**
 * `POST /ai/api/v1/chat/send` answers text/event-stream: `token` events as the reply arrives,
 * then one `done` event. Failures before the stream starts (login, owner, a reply already
 * running, validation) answer the usual envelope.
 */
export function chatSendRoute(app: FastifyInstance, deps: { chat: ChatService; authenticate: Authenticate }) {
  // replies still streaming must stop when the server shuts down, or close() waits for them
  const running = new Set<AbortController>();
  app.addHook('preClose', async () => {
    for (const controller of running) controller.abort(new Error('the server is shutting down'));
  });

  app.post(CHAT_SEND_PATH, async (req, reply) => {
    const lang = requestLanguage(req);
    const token = requestToken(req);
    const user = token ? await deps.authenticate(token) : null;
    if (!user) throw unauthorized();
    const input = parseInput(ChatSendInput, req.body, lang);
    const pending = await deps.chat.prepareReply(user.id, input);

    const { res, send } = openEventStream(reply);
    const controller = new AbortController();
    running.add(controller);
    // the response closing before we end it means the client went away: stop the model too
    res.on('close', () => {
      if (!res.writableEnded) controller.abort(new Error('the client disconnected'));
    });

    const messageId = pending.agentMessage.id;
    let content = '';
    let lastSave = Date.now();
    let status: 'complete' | 'interrupted' | 'failed' = 'complete';
    try {
      for await (const chunk of deps.chat.model.stream(pending.prompt, { maxTokens: MAX_REPLY_TOKENS }, controller.signal)) {
        content += chunk.text;
        send('token', { text: chunk.text });
        if (Date.now() - lastSave >= SAVE_EVERY_MS) {
          lastSave = Date.now();
          await deps.chat.finishReply(messageId, content, 'streaming');
        }
      }
      if (controller.signal.aborted) status = 'interrupted';
    } catch (err) {
      if (controller.signal.aborted) status = 'interrupted';
      else if (err instanceof ChatStreamError) {
        status = 'failed';
        req.log.warn({ err, messageId }, 'chat reply failed');
      } else {
        status = 'failed';
        req.log.error({ err, messageId }, 'chat reply broke');
      }
    } finally {
      running.delete(controller);
      try {
        await deps.chat.finishReply(messageId, content, status);
      } catch (err) {
        req.log.error({ err, messageId }, 'could not store the chat reply');
      }
      pending.release();
      send('done', { messageId, status, userMessageId: pending.userMessage.id });
      res.end();
    }
  });
}
