import { LIMITS } from './constants.ts';

const pad = (n: number) => String(n).padStart(2, '0');

function shifted(input: Date | string | number): Date {
  const date = input instanceof Date ? input : new Date(input);
  return new Date(date.getTime() + LIMITS.timeOffsetHours * 3600_000);
}

/** Formats a moment at UTC+8 as YYYY-MM-DD HH:mm (SPEC §9). */
export function formatDateTime(input: Date | string | number): string {
  const d = shifted(input);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** The day a moment falls on at UTC+8, as YYYY-MM-DD: the product's day (daily limits, check-ins). */
export function formatDay(input: Date | string | number): string {
  return shifted(input).toISOString().slice(0, 10);
}

/** Formats a moment at UTC+8 as MM.DD (SPEC §9). */
export function formatMonthDay(input: Date | string | number): string {
  const d = shifted(input);
  return `${pad(d.getUTCMonth() + 1)}.${pad(d.getUTCDate())}`;
}
