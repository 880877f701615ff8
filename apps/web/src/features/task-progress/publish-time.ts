import { DAILY_TASK_LIMITS, type DailyTask } from '@starlit/contract';
import { LIMITS } from '@starlit/contract/rules';

const OFFSET_MS = LIMITS.timeOffsetHours * 3600_000;
const OFFSET = `+${String(LIMITS.timeOffsetHours).padStart(2, '0')}:00`;

/**
 * A moment as a `datetime-local` value at UTC+8 ("YYYY-MM-DDTHH:mm"): times are chosen in the
 * zone they are shown in (SPEC §9), whatever the browser's own zone.
 */
export function toShownInput(moment: string | number): string {
  const time = typeof moment === 'number' ? moment : Date.parse(moment);
  return new Date(time + OFFSET_MS).toISOString().slice(0, 16);
}

/** A `datetime-local` value read at UTC+8, as the ISO time with its offset the server takes; null when empty or malformed. */
export function fromShownInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const iso = `${value}:00${OFFSET}`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

/** The range a scheduled publish may take, as `datetime-local` bounds at UTC+8 (the server refuses outside it, 9008). */
export function publishBounds(now: number): { min: string; max: string } {
  return { min: toShownInput(now + DAILY_TASK_LIMITS.scheduleMinMs), max: toShownInput(now + DAILY_TASK_LIMITS.scheduleMaxDays * 86_400_000) };
}

/** When a waiting publish fires: its stored time, or the form's while the task still generates. */
export const publishTimeOf = (task: DailyTask): string | null => task.publish.at ?? task.form.publishAt ?? null;

/**
 * The publishes waiting at a time: finished tasks scheduled (overview.scheduled) and today's
 * tasks still generating that will be scheduled when done; both count against the five.
 */
export function waitingPublishes(overview: { today: DailyTask[]; scheduled: DailyTask[] }): DailyTask[] {
  const pending = overview.today.filter((task) => task.state === 'generating' && task.form.publishType === 'scheduled' && task.publish.state === 'waiting');
  const seen = new Set(overview.scheduled.map((task) => task.id));
  const when = (task: DailyTask) => Date.parse(publishTimeOf(task) ?? '');
  return [...overview.scheduled, ...pending.filter((task) => !seen.has(task.id))].sort((a, b) => when(a) - when(b));
}
