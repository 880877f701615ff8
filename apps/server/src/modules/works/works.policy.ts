import { ErrorCode } from '@starlit/contract';
import { AppError } from '../../platform/errors.ts';
import { authorizeOwner, canSee } from '../../platform/policy.ts';

/** The fields of a work the rules look at. */
export interface WorkAccess {
  authorId: string;
  isPublic: boolean;
  publishedAt: Date | null;
  hiddenAt: Date | null;
}

export type WorkAction = 'see' | 'change';

/**
 * Who may see and change a work. Seeing: its author in any state, others once it is public
 * and published. A private work is answered to others as if it did not exist
 * (WORK_NOT_FOUND, decision 0014); a public one still in draft answers SPEC §4's "The work
 * is not published", as people may hold a link to it from before it was taken back.
 * A work moderation hid is its author's alone, answered to others as if it did not exist.
 * Changing (edit, publish, delete): its author only; others get 403 (decision 0007).
 */
export function authorizeWork<T extends WorkAccess>(userId: string | null, action: WorkAction, work: T | null | undefined): T {
  if (!work) throw new AppError(ErrorCode.WORK_NOT_FOUND);
  if (action === 'change') return authorizeOwner(userId ?? '', work, (w) => w.authorId, ErrorCode.WORK_NOT_FOUND);
  if (work.hiddenAt && work.authorId !== userId) throw new AppError(ErrorCode.WORK_NOT_FOUND);
  if (canSee(userId, { ownerId: work.authorId, isPublic: work.isPublic, publishedAt: work.publishedAt, deletedAt: null })) return work;
  throw new AppError(work.isPublic ? ErrorCode.WORK_NOT_PUBLISHED : ErrorCode.WORK_NOT_FOUND);
}
