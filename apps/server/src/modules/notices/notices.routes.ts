import { calls } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import { presentInteractNotice, presentSystemNotice } from './notices.presenter.ts';
import type { NoticesService } from './notices.service.ts';

export function noticesRoutes(app: FastifyInstance, deps: { notices: NoticesService; authenticate: Authenticate }) {
  const { notices, authenticate } = deps;
  const c = calls.notices;

  registerCall(app, c.unreadCount, authenticate, async ({ user }) => {
    const { system, interact } = await notices.unreadCount(user);
    return { system: String(system), interact: String(interact), all: String(system + interact) };
  });

  registerCall(app, c.systemList, authenticate, async ({ user, input, lang }) => {
    const page = await notices.listSystem(user, input.cursor, input.limit);
    return { items: page.items.map((row) => presentSystemNotice(row, lang)), nextCursor: page.nextCursor };
  });

  registerCall(app, c.systemDetail, authenticate, async ({ user, input, lang }) => presentSystemNotice(await notices.openSystem(user, input.id), lang));

  registerCall(app, c.systemRead, authenticate, async ({ user, input }) => ({ updated: await notices.markSystemRead(user, input.id ?? null) }));

  registerCall(app, c.interactList, authenticate, async ({ user, input, lang }) => {
    const page = await notices.listInteract(user.id, input.cursor, input.limit);
    return { items: page.items.map((row) => presentInteractNotice(row, lang)), nextCursor: page.nextCursor };
  });

  registerCall(app, c.interactDetail, authenticate, async ({ user, input, lang }) => presentInteractNotice(await notices.openInteract(user.id, input.id), lang));

  registerCall(app, c.interactRead, authenticate, async ({ user, input }) => ({ updated: await notices.markInteractRead(user.id, input.id ?? null) }));

  registerCall(app, c.createSystem, authenticate, async ({ user, input, lang }) =>
    presentSystemNotice(await notices.sendSystem({ recipientId: null, title: input.title, content: input.content, createdBy: user.id }), lang),
  );

  registerCall(app, c.createUserSystem, authenticate, async ({ user, input, lang }) =>
    presentSystemNotice(await notices.sendSystem({ recipientId: input.userId, title: input.title, content: input.content, createdBy: user.id }), lang),
  );

  registerCall(app, c.createInteract, authenticate, async ({ input, lang }) =>
    presentInteractNotice(
      await notices.sendInteract({
        recipientId: input.userId,
        kind: input.kind,
        title: input.title,
        content: input.content,
        actorId: input.actorId,
        targetType: input.targetType,
        targetId: input.targetId,
      }),
      lang,
    ),
  );
}
