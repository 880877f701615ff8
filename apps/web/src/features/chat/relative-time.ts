import type { Language } from '@starlit/contract';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * "5 minutes ago" / "5 分鐘前" for the history list; under a minute it answers null, so the
 * caller shows its own "just now".
 */
export function relativeTime(iso: string, now: number, language: Language): string | null {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(language.replace('_', '-'), { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return null;
}
