import { ErrorCode, interactNoticeText, systemNoticeText, type InteractKind as InteractKindSchema, type InteractTemplate, type NoticeText, type SystemTemplate } from '@starlit/contract';
import type { z } from 'zod';
import { withTx, type Db, type Handle } from '../../db/client.ts';
import type { Bus } from '../../platform/bus.ts';
import { AppError } from '../../platform/errors.ts';
import { decodeCursor, toPage } from '../../platform/pagination.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { Reader } from './notices.policy.ts';
import { noticesRepository, type NoticesRepository } from './notices.repository.ts';

type InteractKind = z.infer<typeof InteractKindSchema>;

/** Whom an interactive notice goes to, who caused it and what about. */
interface InteractNoticeAddress {
  recipientId: string;
  actorId?: string | null;
  targetType?: string | null;
  targetId?: string | null;
}

/**
 * What a feature sends when something happens to a user's things: a template (kind and
 * params), written in each reader's language when read. Free text (`kind`, `title`,
 * `content`) is only an admin's.
 */
export type InteractNoticeInput = InteractNoticeAddress & ({ template: InteractTemplate } | { kind: InteractKind; title: string; content: string });

/** A system notice: an admin's free text, or a template the product sends. */
export type SystemNoticeInput = { recipientId: string | null; createdBy: string | null } & ({ template: SystemTemplate } | NoticeText);

/**
 * Folding: a notice of the same kind on the same target, to the same person, unread and
 * younger than `withinMs`, takes the new one in instead of a second row ("Ana and 3 others
 * liked your work"): the count is the row's, the words the reader's.
 */
export interface FoldOptions {
  withinMs: number;
}

/** The columns a notice is stored with: a template's kind and params, and its English as the stored text. */
function interactColumns(input: InteractNoticeInput, othersCount: number) {
  const { recipientId, targetType, targetId } = input;
  const actorId = input.actorId ?? null;
  if (!('template' in input)) return { recipientId, actorId, targetType, targetId, kind: input.kind, title: input.title, content: input.content, params: null };
  const { kind, params } = input.template;
  return { recipientId, actorId, targetType, targetId, kind, params, ...interactNoticeText(input.template, { actorName: null, othersCount }, 'en_US') };
}

function systemColumns(input: SystemNoticeInput) {
  const { recipientId, createdBy } = input;
  if (!('template' in input)) return { recipientId, createdBy, kind: null, params: null, title: input.title, content: input.content };
  return { recipientId, createdBy, kind: input.template.kind, params: input.template.params, ...systemNoticeText(input.template, 'en_US') };
}

export function noticesService(deps: { db: Db; notices: NoticesRepository; users: UsersRepository; bus: Bus }) {
  const { notices, bus } = deps;
  const byTimeAndId = (row: { createdAt: Date; id: string }) => ({ at: row.createdAt, id: row.id });

  async function requireUser(userId: string) {
    if (!(await deps.users.byId(userId))) throw new AppError(ErrorCode.USER_NOT_FOUND);
  }

  return {
    async unreadCount(r: Reader) {
      const [system, interact] = await Promise.all([notices.unreadSystem(r), notices.unreadInteract(r.id)]);
      return { system, interact };
    },

    async listSystem(r: Reader, cursor: string | undefined, limit: number) {
      const rows = await notices.listSystem(r, decodeCursor(cursor), limit);
      return toPage(rows, limit, byTimeAndId);
    },

    /** One system notice; opening it marks it read, as a person reading it expects. */
    async openSystem(r: Reader, id: string) {
      const row = await notices.systemById(r, id);
      if (!row) throw new AppError(ErrorCode.NOTICE_NOT_FOUND);
      if (!row.read) await notices.markSystemRead(r, id);
      return { ...row, read: true };
    },

    async markSystemRead(r: Reader, id: string | null) {
      if (id && !(await notices.systemById(r, id))) throw new AppError(ErrorCode.NOTICE_NOT_FOUND);
      return notices.markSystemRead(r, id);
    },

    async listInteract(userId: string, cursor: string | undefined, limit: number) {
      const rows = await notices.listInteract(userId, decodeCursor(cursor), limit);
      return toPage(rows, limit, byTimeAndId);
    },

    async openInteract(userId: string, id: string) {
      const row = await notices.interactById(userId, id);
      if (!row) throw new AppError(ErrorCode.NOTICE_NOT_FOUND);
      if (!row.readAt) await notices.markInteractRead(userId, id);
      return { ...row, readAt: row.readAt ?? new Date() };
    },

    async markInteractRead(userId: string, id: string | null) {
      if (id && !(await notices.interactById(userId, id))) throw new AppError(ErrorCode.NOTICE_NOT_FOUND);
      return notices.markInteractRead(userId, id);
    },

    /** A system notice to everyone (recipientId null) or to one user. */
    async sendSystem(input: SystemNoticeInput) {
      if (input.recipientId) await requireUser(input.recipientId);
      const row = await notices.insertSystem(systemColumns(input));
      await bus.publish(input.recipientId ?? '*', { type: 'notice', box: 'system' });
      return row;
    },

    /**
     * An interactive notice; later features (likes, comments, follows, gifts) call this. With
     * `fold` and a target, it folds into the recipient's recent unread notice on the same
     * target when there is one (see FoldOptions): the actor becomes the newest one, the count
     * of others grows, and it rises in the bell as new. A fold by the notice's own actor (a
     * like taken back and given again) only lifts it.
     */
    async sendInteract(input: InteractNoticeInput, options: { fold?: FoldOptions } = {}) {
      await requireUser(input.recipientId);
      if (input.actorId) await requireUser(input.actorId);
      const actorId = input.actorId ?? null;
      const { fold } = options;
      const { targetType, targetId } = input;
      const id =
        fold && targetType && targetId
          ? await withTx(deps.db, undefined, async (tx) => {
              const repo = noticesRepository(tx);
              const columns = interactColumns(input, 0);
              const key = { recipientId: input.recipientId, kind: columns.kind, targetType, targetId };
              await repo.lockFold(key);
              const into = await repo.foldTarget(key, new Date(Date.now() - fold.withinMs));
              if (!into) return repo.insertInteract(columns);
              const othersCount = into.othersCount + (into.actorId === actorId ? 0 : 1);
              const { params, title, content } = interactColumns(input, othersCount);
              await repo.fold(into.id, { actorId, othersCount, params, title, content });
              return into.id;
            })
          : await notices.insertInteract(interactColumns(input, 0));
      await bus.publish(input.recipientId, { type: 'notice', box: 'interact' });
      const row = await notices.interactById(input.recipientId, id);
      if (!row) throw new AppError(ErrorCode.NOTICE_NOT_FOUND);
      return row;
    },

    /**
     * An interactive notice written in the caller's transaction (`tx`), so it is kept exactly
     * when what it tells of is (a gift sent and its notice are one: a crash between them would
     * lose the notice). The caller rings the bell with `ring` once the transaction committed.
     */
    async writeInteract(tx: Handle, input: InteractNoticeInput): Promise<{ ring: () => Promise<void> }> {
      await noticesRepository(tx).insertInteract(interactColumns(input, 0));
      return { ring: () => bus.publish(input.recipientId, { type: 'notice', box: 'interact' }) };
    },

    /**
     * `sendInteract`, unless the recipient has not yet read the same kind of notice from the
     * same actor: following, unfollowing and following again must not fill the bell.
     */
    async sendInteractOnce(input: InteractNoticeAddress & { actorId: string; template: InteractTemplate }) {
      if (await notices.hasUnreadInteractFrom(input.recipientId, input.actorId, input.template.kind)) return null;
      return this.sendInteract(input);
    },
  };
}

export type NoticesService = ReturnType<typeof noticesService>;
