import { ErrorCode } from '@starlit/contract';
import { decodeCursor as decodePosition, decodeScoreCursor as decodeScorePosition, encodeCursor, encodeScoreCursor, type ListPosition, type ScorePosition } from '@starlit/contract/rules';
import { and, eq, lt, or, type Column, type SQL } from 'drizzle-orm';
import { AppError } from './errors.ts';

/** Position in a list: the last item's time and id, and its rank in ranked orders. */
export type Cursor = ListPosition;

/**
 * The position of a cursor from the client. The call's schema refused a damaged cursor with
 * its field named already; this guard keeps a service called some other way from sending one
 * to the database.
 */
export function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  const position = decodePosition(raw);
  if (!position) throw new AppError(ErrorCode.VALIDATION);
  return position;
}

/** Rows strictly after the cursor in (time desc, id desc) order. */
export function afterCursor(cursor: Cursor | null, timeColumn: Column, idColumn: Column): SQL | undefined {
  if (!cursor) return undefined;
  return or(lt(timeColumn, cursor.at), and(eq(timeColumn, cursor.at), lt(idColumn, cursor.id)));
}

/**
 * Rows strictly after the cursor in (rank desc, time desc, id desc) order, for lists ordered
 * by a number first (most liked). A cursor without a rank was made for another order: refused.
 */
export function afterRankedCursor(cursor: Cursor | null, rankColumn: Column, timeColumn: Column, idColumn: Column): SQL | undefined {
  if (!cursor) return undefined;
  if (cursor.rank === undefined) throw new AppError(ErrorCode.VALIDATION);
  return or(lt(rankColumn, cursor.rank), and(eq(rankColumn, cursor.rank), afterCursor(cursor, timeColumn, idColumn)));
}

/** Splits a page fetched with limit + 1 rows into items and the next cursor (ranked when the key gives a rank). */
export function toPage<T>(rows: T[], limit: number, key: (row: T) => { at: Date; id: string; rank?: number }) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const position = last ? key(last) : null;
  const nextCursor = rows.length > limit && position ? encodeCursor(position.at, position.id, position.rank) : null;
  return { items, nextCursor };
}

/** The position of a scored cursor (Recommend, search) from the client; refused like decodeCursor. */
export function decodeScoreCursor(raw: string | undefined): ScorePosition | null {
  if (!raw) return null;
  const position = decodeScorePosition(raw);
  if (!position) throw new AppError(ErrorCode.VALIDATION);
  return position;
}

/** toPage for a list ordered by score, then time, then id. */
export function toScoredPage<T>(rows: T[], limit: number, key: (row: T) => ScorePosition) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const nextCursor = rows.length > limit && last ? encodeScoreCursor(key(last).score, key(last).at, key(last).id) : null;
  return { items, nextCursor };
}
