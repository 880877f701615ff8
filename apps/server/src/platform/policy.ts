import { ErrorCode, type ErrorCodeValue } from '@starlit/contract';
import { and, eq, isNotNull, isNull, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { Handle } from '../db/client.ts';
import { userBlocks } from '../db/schema/index.ts';
import { AppError, forbidden } from './errors.ts';

/**
 * Who may see and do what, decided once for every feature (docs/ARCHITECTURE.md, Policies).
 * Feature policies (`modules/<feature>/<feature>.policy.ts`) build on these rules. Blocks
 * (SPEC §4, §6) are decided here once: every feed, list and search adds `notBlocked`, every
 * interaction between two people calls `assertNoBlock`, and moderation's mutes `assertNotMuted`.
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

/**
 * No block either way between the viewer and the person in `personColumn` (an author, an
 * owner, a commenter): blocking hides both ways. A visitor (null) has blocked no one.
 */
export function notBlocked(viewerId: string | null, personColumn: Column | SQL): SQL {
  if (!viewerId) return sql`true`;
  // two probes rather than one OR: each is a lookup in its own index (the key, and blocked_idx)
  return sql`(not exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${viewerId} and ${userBlocks.blockedId} = ${personColumn})
    and not exists (select 1 from ${userBlocks} where ${userBlocks.blockedId} = ${viewerId} and ${userBlocks.blockerId} = ${personColumn}))`;
}

/** Whether either of two people blocked the other. */
export async function blockedBetween(db: Handle, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(userBlocks)
    .where(or(and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)), and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a))))
    .limit(1);
  return rows.length > 0;
}

/**
 * Refuses an interaction (comment, reply, like, collect, follow, chat, gift) between the actor
 * and the person it reaches when either blocked the other (SOCIAL_BLOCKED). The blocked party
 * is told only that they cannot interact, never who blocked whom.
 */
export async function assertNoBlock(db: Handle, actorId: string, otherId: string): Promise<void> {
  if (await blockedBetween(db, actorId, otherId)) throw new AppError(ErrorCode.SOCIAL_BLOCKED);
}

/** Refuses publishing and commenting while moderation has muted the user (docs/moderation.md). */
export function assertNotMuted(user: { mutedUntil: Date | null }, now: Date = new Date()): void {
  if (user.mutedUntil && user.mutedUntil > now) throw new AppError(ErrorCode.USER_MUTED);
}
