import { ErrorCode, WORK_LIMITS } from '@starlit/contract';
import type { FastifyBaseLogger } from 'fastify';
import { withTx, type Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { decodeCursor, toPage } from '../../platform/pagination.ts';
import { assertNoBlock } from '../../platform/policy.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { NoticesService } from '../notices/notices.service.ts';
import { reactionsRepository, type ReactedWorkRow, type ReactionsRepository } from './reactions.repository.ts';
import { authorizeWork } from './works.policy.ts';
import { worksRepository } from './works.repository.ts';

/**
 * Likes on one work fold into the author's unread like notice while it is younger than this:
 * long enough that a burst of likes is one line in the bell, short enough that likes an hour
 * apart are news again.
 */
export const LIKE_FOLD_MS = 60 * 60_000;

type Change = (repo: ReactionsRepository, workId: string, userId: string) => Promise<boolean>;

/**
 * Likes and collections. Each call acts only on a work the caller may see (authorizeWork
 * 'see', hidden works included) and whose author has no block with them either way; liking
 * your own work is allowed. They are idempotent: the counters move only when a row really
 * changed, in the same transaction. A like tells the author (not yourself) with a notice
 * that folds with other recent likes on the same work.
 */
export function reactionsService(deps: { db: Db; limiter: RateLimiter; notices: Pick<NoticesService, 'sendInteract'>; log: FastifyBaseLogger }) {
  const works = worksRepository(deps.db);
  const reactions = reactionsRepository(deps.db);
  const byReactedAt = (row: ReactedWorkRow) => ({ at: row.reactedAt, id: row.id });

  async function react(userId: string, workId: string, change: Change) {
    const work = authorizeWork(userId, 'see', await works.byId(workId));
    await assertNoBlock(deps.db, userId, work.authorId);
    // counted once the request is otherwise good, so a refused one costs nothing
    const { allowed } = await deps.limiter.hit(`works:reactions:${userId}`, WORK_LIMITS.reactionsPerMinute, 60_000);
    if (!allowed) throw new AppError(ErrorCode.WORK_REACTIONS_TOO_FAST, 429);
    const { changed, state } = await withTx(deps.db, undefined, async (tx) => {
      const repo = reactionsRepository(tx);
      // deleted by its author since it was read
      if (!(await repo.holdWork(workId))) throw new AppError(ErrorCode.WORK_NOT_FOUND);
      const changed = await change(repo, workId, userId);
      const state = await repo.state(workId, userId);
      if (!state) throw new AppError(ErrorCode.WORK_NOT_FOUND);
      return { changed, state };
    });
    return { work, changed, answer: { id: workId, ...state } };
  }

  return {
    async like(user: { id: string; userName: string }, workId: string) {
      const { work, changed, answer } = await react(user.id, workId, (repo, w, u) => repo.like(w, u));
      if (changed && work.authorId !== user.id) {
        // the like is stored; a notice that cannot be sent must not turn it into an error
        await deps.notices
          .sendInteract(
            { recipientId: work.authorId, actorId: user.id, targetType: 'work', targetId: work.id, template: { kind: 'like', params: { actorName: user.userName, workName: work.name } } },
            { fold: { withinMs: LIKE_FOLD_MS } },
          )
          .catch((err: unknown) => deps.log.warn({ err, workId }, 'like notice not sent'));
      }
      return answer;
    },
    unlike: async (userId: string, workId: string) => (await react(userId, workId, (repo, w, u) => repo.unlike(w, u))).answer,
    collect: async (userId: string, workId: string) => (await react(userId, workId, (repo, w, u) => repo.collect(w, u))).answer,
    uncollect: async (userId: string, workId: string) => (await react(userId, workId, (repo, w, u) => repo.uncollect(w, u))).answer,

    /** My collections: works I collected and can still see, newest collected first. */
    async collections(userId: string, cursor: string | undefined, limit: number) {
      return toPage(await reactions.collections(userId, decodeCursor(cursor), limit), limit, byReactedAt);
    },

    /** The works `userId` liked, as `viewerId` may see them (a profile's likes tab). */
    async likedBy(viewerId: string | null, userId: string, cursor: string | undefined, limit: number) {
      return toPage(await reactions.likedBy(userId, viewerId, decodeCursor(cursor), limit), limit, byReactedAt);
    },
  };
}

export type ReactionsService = ReturnType<typeof reactionsService>;
