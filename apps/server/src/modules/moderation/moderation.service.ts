import { ErrorCode, MODERATION_LIMITS } from '@starlit/contract';
import { withTx, type Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { decodeCursor, toPage } from '../../platform/pagination.ts';
import type { NoticesService } from '../notices/notices.service.ts';
import type { ReportsService } from '../reports/reports.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { WorksService } from '../works/works.service.ts';
import { authorNotice, reporterNotice } from './moderation-notices.ts';
import { moderationRepository, type WorkAction } from './moderation.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a moderator asks for. */
export interface ActionInput {
  workId: string;
  reason: string;
  /** A strike may hide the work too. */
  hide?: boolean;
}

/**
 * The moderation console: the queue of reported works, and actions on a work (dismiss, hide,
 * unhide, strike) each written to the audit log in the same transaction as its effect. Callers
 * are admins (the contract marks every call so). docs/moderation.md has the rules.
 */
export function moderationService(deps: {
  db: Db;
  works: Pick<WorksService, 'byId' | 'byIds' | 'setHidden'>;
  reports: Pick<ReportsService, 'openQueue' | 'ofWork' | 'close'>;
  users: Pick<UsersRepository, 'byId' | 'setMutedUntil'>;
  notices: Pick<NoticesService, 'sendSystem'>;
}) {
  const { db } = deps;
  const moderation = moderationRepository(db);

  async function workOf(workId: string) {
    const work = await deps.works.byId(workId);
    if (!work) throw new AppError(ErrorCode.WORK_NOT_FOUND);
    return work;
  }

  async function act(adminId: string, action: WorkAction, input: ActionInput) {
    const work = await workOf(input.workId);
    const now = new Date();
    const hide = action === 'hide' || (action === 'strike' && input.hide === true);
    const result = await withTx(db, undefined, async (tx) => {
      const repo = moderationRepository(tx);
      const actionId = await repo.insertAction({ actorId: adminId, action, workId: work.id, subjectUserId: work.authorId, reason: input.reason, createdAt: now });
      if (hide) await deps.works.setHidden(tx, work.id, input.reason);
      if (action === 'unhide') await deps.works.setHidden(tx, work.id, null);
      let mutedUntil = (await deps.users.byId(work.authorId, tx))?.mutedUntil ?? null;
      if (action === 'strike') {
        await repo.lockStrikes(work.authorId);
        await repo.insertStrike({ userId: work.authorId, actionId, reason: input.reason, createdAt: now, expiresAt: new Date(now.getTime() + MODERATION_LIMITS.strikeDays * DAY_MS) });
        if ((await repo.activeStrikes(work.authorId, now)) >= MODERATION_LIMITS.strikesToMute) {
          const until = new Date(now.getTime() + MODERATION_LIMITS.muteDays * DAY_MS);
          // a mute already running longer is kept
          if (!mutedUntil || mutedUntil < until) mutedUntil = until;
          await deps.users.setMutedUntil(work.authorId, mutedUntil, tx);
        }
      }
      const closed = action === 'unhide' ? [] : await deps.reports.close(tx, work.id, action === 'dismiss' ? 'dismissed' : action === 'hide' ? 'hidden' : 'struck', actionId);
      const activeStrikes = await repo.activeStrikes(work.authorId, now);
      return { closed, activeStrikes, mutedUntil: mutedUntil && mutedUntil > now ? mutedUntil : null };
    });
    const hidden = action === 'unhide' ? false : hide || work.hiddenAt !== null;

    // notices after the commit: a notice of something that did not happen would be worse than a late one
    if (action !== 'dismiss') {
      const template = authorNotice({ action, workName: work.name, reason: input.reason, hidden, activeStrikes: result.activeStrikes, mutedUntil: action === 'strike' ? result.mutedUntil : null });
      await deps.notices.sendSystem({ recipientId: work.authorId, template, createdBy: adminId });
    }
    if (action !== 'unhide') {
      const template = reporterNotice(action, work.name, hidden);
      for (const reporterId of result.closed) await deps.notices.sendSystem({ recipientId: reporterId, template, createdBy: adminId });
    }
    return { closedReports: result.closed.length, hidden, activeStrikes: result.activeStrikes, mutedUntil: result.mutedUntil };
  }

  return {
    async queue(cursor: string | undefined, limit: number) {
      const page = await deps.reports.openQueue(cursor, limit);
      const works = new Map((await deps.works.byIds(page.items.map((g) => g.workId))).map((w) => [w.id, w]));
      // a work deleted since takes its reports with it (cascade), so every group has its work
      const items = page.items.flatMap((g) => {
        const work = works.get(g.workId);
        return work ? [{ group: g, work }] : [];
      });
      return { items, nextCursor: page.nextCursor };
    },

    async detail(workId: string) {
      const work = await workOf(workId);
      return { work, reports: await deps.reports.ofWork(workId) };
    },

    dismiss: (adminId: string, input: ActionInput) => act(adminId, 'dismiss', input),
    hide: (adminId: string, input: ActionInput) => act(adminId, 'hide', input),
    unhide: (adminId: string, input: ActionInput) => act(adminId, 'unhide', input),
    strike: (adminId: string, input: ActionInput) => act(adminId, 'strike', input),

    async log(cursor: string | undefined, limit: number) {
      const page = toPage(await moderation.log(decodeCursor(cursor), limit), limit, (r) => ({ at: r.action.createdAt, id: r.action.id }));
      const ids = [...new Set(page.items.flatMap((r) => (r.action.workId ? [r.action.workId] : [])))];
      const names = new Map((await deps.works.byIds(ids)).map((w) => [w.id, w.name]));
      return { items: page.items.map((row) => ({ row, workName: row.action.workId ? (names.get(row.action.workId) ?? null) : null })), nextCursor: page.nextCursor };
    },
  };
}

export type ModerationService = ReturnType<typeof moderationService>;
