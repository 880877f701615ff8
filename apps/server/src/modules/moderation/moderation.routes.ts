import { calls, MODERATION_LIMITS } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import { presentLogEntry, presentModeratedWork, presentPromptWord, presentQueueItem, presentReport } from './moderation.presenter.ts';
import type { ModerationService } from './moderation.service.ts';
import type { PromptWordsService } from './prompt-words.service.ts';

const outcome = (o: Awaited<ReturnType<ModerationService['hide']>>) => ({ ...o, mutedUntil: o.mutedUntil?.toISOString() ?? null });

// every call is admin-only in the contract: registerCall answers 401 to visitors and 403 to other users
export function moderationRoutes(app: FastifyInstance, deps: { moderation: ModerationService; promptWords: PromptWordsService; authenticate: Authenticate }) {
  const { moderation, promptWords, authenticate } = deps;
  const c = calls.moderation;
  registerCall(app, c.queue, authenticate, async ({ input }) => {
    const page = await moderation.queue(input.cursor, input.limit);
    return { items: page.items.map(presentQueueItem), nextCursor: page.nextCursor };
  });
  registerCall(app, c.detail, authenticate, async ({ input }) => {
    const { work, reports } = await moderation.detail(input.workId);
    return { work: presentModeratedWork(work), reports: reports.map(presentReport) };
  });
  registerCall(app, c.dismiss, authenticate, async ({ user, input }) => outcome(await moderation.dismiss(user.id, input)));
  registerCall(app, c.hide, authenticate, async ({ user, input }) => outcome(await moderation.hide(user.id, input)));
  registerCall(app, c.unhide, authenticate, async ({ user, input }) => outcome(await moderation.unhide(user.id, input)));
  registerCall(app, c.strike, authenticate, async ({ user, input }) => outcome(await moderation.strike(user.id, input)));
  registerCall(app, c.log, authenticate, async ({ input }) => {
    const page = await moderation.log(input.cursor, input.limit);
    return { items: page.items.map(presentLogEntry), nextCursor: page.nextCursor };
  });
  registerCall(app, c.promptWords, authenticate, async () => ({ items: (await promptWords.list()).map(presentPromptWord), limit: MODERATION_LIMITS.promptWords }));
  registerCall(app, c.addPromptWords, authenticate, async ({ user, input }) => promptWords.add(user.id, input.words));
  registerCall(app, c.removePromptWord, authenticate, async ({ user, input }) => promptWords.remove(user.id, input.word));
}
