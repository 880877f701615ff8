import { ErrorCode, type InteractKind as InteractKindSchema } from '@starlit/contract';
import type { z } from 'zod';
import type { Bus } from '../../platform/bus.ts';
import { AppError } from '../../platform/errors.ts';
import { decodeCursor, toPage } from '../../platform/pagination.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { Reader } from './notices.policy.ts';
import type { NoticesRepository } from './notices.repository.ts';

type InteractKind = z.infer<typeof InteractKindSchema>;

/** What a feature sends when something happens to a user's things. */
export interface InteractNoticeInput {
  recipientId: string;
  kind: InteractKind;
  title: string;
  content: string;
  actorId?: string | null;
  targetType?: string | null;
  targetId?: string | null;
}

export function noticesService(deps: { notices: NoticesRepository; users: UsersRepository; bus: Bus }) {
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
    async sendSystem(input: { recipientId: string | null; title: string; content: string; createdBy: string | null }) {
      if (input.recipientId) await requireUser(input.recipientId);
      const row = await notices.insertSystem(input);
      await bus.publish(input.recipientId ?? '*', { type: 'notice', box: 'system' });
      return row;
    },

    /** An interactive notice; later features (likes, comments, follows, gifts) call this. */
    async sendInteract(input: InteractNoticeInput) {
      await requireUser(input.recipientId);
      if (input.actorId) await requireUser(input.actorId);
      const id = await notices.insertInteract({ ...input, actorId: input.actorId ?? null });
      await bus.publish(input.recipientId, { type: 'notice', box: 'interact' });
      const row = await notices.interactById(input.recipientId, id);
      if (!row) throw new AppError(ErrorCode.NOTICE_NOT_FOUND);
      return row;
    },

    /**
     * `sendInteract`, unless the recipient has not yet read the same kind of notice from the
     * same actor: following, unfollowing and following again must not fill the bell.
     */
    async sendInteractOnce(input: InteractNoticeInput & { actorId: string }) {
      if (await notices.hasUnreadInteractFrom(input.recipientId, input.actorId, input.kind)) return null;
      return this.sendInteract(input);
    },
  };
}

export type NoticesService = ReturnType<typeof noticesService>;
