import { ErrorCode } from '@starlit/contract';
import { and, eq, lt, or, type Column, type SQL } from 'drizzle-orm';
import { AppError } from './errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Position in a newest-first list: the last item's time and id (timestamps are millisecond precision). */
export interface Cursor {
  at: Date;
  id: string;
}

export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

/** Decodes a cursor from the client; a damaged one is a validation failure, not a crash. */
export function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  const [iso, id] = Buffer.from(raw, 'base64url').toString().split('|');
  const at = new Date(iso ?? '');
  if (!id || !UUID.test(id) || Number.isNaN(at.getTime())) throw new AppError(ErrorCode.VALIDATION);
  return { at, id };
}

/** Rows strictly after the cursor in (time desc, id desc) order. */
export function afterCursor(cursor: Cursor | null, timeColumn: Column, idColumn: Column): SQL | undefined {
  if (!cursor) return undefined;
  return or(lt(timeColumn, cursor.at), and(eq(timeColumn, cursor.at), lt(idColumn, cursor.id)));
}

/** Splits a page fetched with limit + 1 rows into items and the next cursor. */
export function toPage<T>(rows: T[], limit: number, key: (row: T) => { at: Date; id: string }) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const nextCursor = rows.length > limit && last ? encodeCursor(key(last).at, key(last).id) : null;
  return { items, nextCursor };
}
