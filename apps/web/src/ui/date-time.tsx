import { formatDateTime, LIMITS } from '@starlit/contract/rules';

/** Times are shown at UTC+8 (SPEC §9) whatever the reader's zone, so they say which zone they are in. */
export const SHOWN_ZONE = `UTC+${LIMITS.timeOffsetHours}`;

/** "YYYY-MM-DD HH:mm UTC+8". */
export function dateTimeText(value: string): string {
  return `${formatDateTime(value)} ${SHOWN_ZONE}`;
}

/** A moment as SPEC §9 shows it, with its zone. */
export function DateTime({ value, className }: { value: string; className?: string }) {
  return (
    <time dateTime={value} className={className}>
      {dateTimeText(value)}
    </time>
  );
}
