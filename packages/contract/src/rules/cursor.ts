import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.ts';

/**
 * Position in a list: the last item's time and id (timestamps are millisecond precision), and
 * for lists ordered by a number first (most liked, highest ranked) that item's number.
 */
export interface ListPosition {
  at: Date;
  id: string;
  rank?: number;
}

const TEXT = /^(?:([^|]{1,40})\|)?(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

const toBase64Url = (text: string) => btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

/** The cursor of a list position: base64url of "ISO time|id", or "rank|ISO time|id" when ranked. */
export function encodeCursor(at: Date, id: string, rank?: number): string {
  const prefix = rank === undefined ? '' : `${rank}|`;
  return toBase64Url(`${prefix}${at.toISOString()}|${id}`);
}

/**
 * The position a cursor stands for, or null unless it is exactly what encodeCursor writes
 * for a time of years 1 to 9999 (what the database can compare) and a lowercase UUID:
 * a cursor is the server's own token, so anything else was made up or damaged.
 */
export function decodeCursor(cursor: string): ListPosition | null {
  if (!BASE64URL.test(cursor) || cursor.length % 4 === 1) return null;
  let text: string;
  try {
    text = atob(cursor.replaceAll('-', '+').replaceAll('_', '/'));
  } catch {
    return null;
  }
  const [, rankText, iso, id] = TEXT.exec(text) ?? [];
  if (!iso || !id) return null;
  const at = new Date(iso);
  const rank = rankText === undefined ? undefined : Number(rankText);
  // the round trips refuse days like 02-31, ranks like "1e0" and other spellings of the same bytes
  if (Number.isNaN(at.getTime()) || at.toISOString() !== iso || at.getUTCFullYear() < 1) return null;
  if (rank !== undefined && !Number.isFinite(rank)) return null;
  if (encodeCursor(at, id, rank) !== cursor) return null;
  return rank === undefined ? { at, id } : { at, id, rank };
}

/** A list cursor from the client: the server's own token, refused with a localized message otherwise. */
export const Cursor = z
  .string()
  .max(200)
  .refine((cursor) => decodeCursor(cursor) !== null, { message: 'page.cursorInvalid' satisfies MessageKey });

/** Position in a list ordered by a score (Recommend's rank, a search match), then time, then id. */
export interface ScorePosition {
  score: number;
  at: Date;
  id: string;
}

const SCORED = /^~(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\|(.+)$/;

/** The cursor of a scored position: base64url of "~score|ISO time|id"; the score is written so it reads back to the same number. */
export function encodeScoreCursor(score: number, at: Date, id: string): string {
  return toBase64Url(`~${score}|${at.toISOString()}|${id}`);
}

/** The position a scored cursor stands for, or null unless it is exactly what encodeScoreCursor writes. */
export function decodeScoreCursor(cursor: string): ScorePosition | null {
  if (!BASE64URL.test(cursor) || cursor.length % 4 === 1) return null;
  let text: string;
  try {
    text = atob(cursor.replaceAll('-', '+').replaceAll('_', '/'));
  } catch {
    return null;
  }
  const [, scoreText, rest] = SCORED.exec(text) ?? [];
  if (!scoreText || !rest) return null;
  const score = Number(scoreText);
  const position = decodeCursor(toBase64Url(rest));
  if (!Number.isFinite(score) || !position) return null;
  if (encodeScoreCursor(score, position.at, position.id) !== cursor) return null;
  return { score, ...position };
}

/** A cursor of a scored list (Recommend, search) from the client; refused like Cursor otherwise. */
export const ScoreCursor = z
  .string()
  .max(300)
  .refine((cursor) => decodeScoreCursor(cursor) !== null, { message: 'page.cursorInvalid' satisfies MessageKey });

/** A cursor of either kind: a home tab pages by time, Recommend by score. */
export const AnyCursor = z
  .string()
  .max(300)
  .refine((cursor) => decodeCursor(cursor) !== null || decodeScoreCursor(cursor) !== null, { message: 'page.cursorInvalid' satisfies MessageKey });
