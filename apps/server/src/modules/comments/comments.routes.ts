import { calls } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import { presentComment } from './comments.presenter.ts';
import type { CommentsService } from './comments.service.ts';

export function commentsRoutes(app: FastifyInstance, deps: { comments: CommentsService; authenticate: Authenticate }) {
  const { comments, authenticate } = deps;
  const c = calls.comments;

  registerCall(app, c.create, authenticate, async ({ user, input }) => {
    const { row, workAuthorId } = await comments.create(user.id, input);
    return presentComment(row, user.id, workAuthorId);
  });

  registerCall(app, c.list, authenticate, async ({ user, input }) => {
    const viewerId = user?.id ?? null;
    const page = await comments.list(viewerId, input);
    const show = (row: Parameters<typeof presentComment>[0]) => presentComment(row, viewerId, page.workAuthorId);
    return {
      items: page.threads.map((t) => ({ ...show(t.row), replies: t.replies.map(show), moreReplies: t.moreReplies })),
      nextCursor: page.nextCursor,
      total: page.total,
    };
  });

  registerCall(app, c.replies, authenticate, async ({ user, input }) => {
    const viewerId = user?.id ?? null;
    const page = await comments.replies(viewerId, input);
    return { items: page.rows.map((row) => presentComment(row, viewerId, page.workAuthorId)), nextCursor: page.nextCursor };
  });

  registerCall(app, c.delete, authenticate, async ({ user, input }) => ({ deleted: true as const, ...(await comments.remove(user.id, input.id)) }));
  registerCall(app, c.like, authenticate, async ({ user, input }) => comments.like(user.id, input.id));
  registerCall(app, c.unlike, authenticate, async ({ user, input }) => comments.unlike(user.id, input.id));
}
