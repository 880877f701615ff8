import type { ErrorCodeValue } from '@starlit/contract';
import { and, eq, isNotNull, isNull, or, type Column, type SQL } from 'drizzle-orm';
import { AppError, forbidden } from './errors.ts';

/**
 * Who may see and do what, decided once for every feature (docs/ARCHITECTURE.md, Policies).
 * Feature policies (`modules/<feature>/<feature>.policy.ts`) build on these rules; blocks and
 * mutes, when they arrive, are added to `canSee` and `shownTo` and reach every feature at once.
 */

/** A thing others see only once its owner shares it: public, published and not deleted. */
export interface Shareable {
  ownerId: string;
  isPublic: boolean;
  publishedAt: Date | null;
  deletedAt: Date | null;
}

/** The columns of a shareable table, for the SQL form of the same rule. */
export interface ShareableColumns {
  ownerId: Column;
  isPublic: Column;
  publishedAt: Column;
  deletedAt: Column;
}

/** Whether `viewerId` (null: a visitor) may see the thing: its owner always, others once shared. */
export function canSee(viewerId: string | null, thing: Shareable): boolean {
  if (thing.deletedAt) return false;
  return thing.ownerId === viewerId || (thing.isPublic && thing.publishedAt !== null);
}

/** `canSee` as a condition on rows, for lists and joins. */
export function shownTo(viewerId: string | null, c: ShareableColumns): SQL {
  const shared = and(eq(c.isPublic, true), isNotNull(c.publishedAt));
  return and(isNull(c.deletedAt), viewerId ? or(eq(c.ownerId, viewerId), shared) : shared)!;
}

/**
 * The one owner check: a missing thing answers its feature's not-found code, someone
 * else's answers 403 (decision 0007: things whose existence is not secret).
 */
export function authorizeOwner<T>(userId: string, thing: T | null | undefined, ownerOf: (thing: T) => string, notFoundCode: ErrorCodeValue): T {
  if (thing === null || thing === undefined) throw new AppError(notFoundCode);
  if (ownerOf(thing) !== userId) throw forbidden();
  return thing;
}

/**
 * The same check over a batch, all or nothing: 403 when any is someone else's, not found
 * when any is missing.
 */
export function authorizeOwnerOfAll(userId: string, wanted: string[], found: Array<{ id: string; ownerId: string }>, notFoundCode: ErrorCodeValue): void {
  if (found.some((t) => t.ownerId !== userId)) throw forbidden();
  if (found.length !== new Set(wanted).size) throw new AppError(notFoundCode);
}
