import { z } from 'zod';
import { defineCall, EmptyInput } from '../call.ts';

/**
 * Points (MSS) for the daily check-in (docs/economy.md, Points): `base` on the first day, and
 * `perStreakDay` more for each consecutive day before it, up to `maxStreak` days.
 */
export const CHECKIN_RULES = { base: 10, perStreakDay: 5, maxStreak: 7 } as const;

/** Points a check-in on the `streak`-th consecutive day earns. */
export function checkinPoints(streak: number): number {
  return CHECKIN_RULES.base + CHECKIN_RULES.perStreakDay * (Math.min(Math.max(streak, 1), CHECKIN_RULES.maxStreak) - 1);
}

const Status = z.object({
  /** Today in UTC+8, YYYY-MM-DD. */
  day: z.string(),
  checkedInToday: z.boolean(),
  /** Consecutive days checked in up to today (or yesterday, when not yet today). */
  streak: z.number().int(),
  /** Points the next check-in earns (today's if not yet, else tomorrow's if the streak goes on). */
  nextPoints: z.number().int(),
});

export const checkinCalls = {
  status: defineCall({
    path: '/api/v1/checkin/status',
    summary: 'Your daily check-in: done today (UTC+8), the streak, and the points the next one earns',
    tag: 'checkin',
    access: 'user',
    input: EmptyInput,
    output: Status,
  }),
  checkin: defineCall({
    path: '/api/v1/checkin/checkin',
    summary: 'Check in for today (UTC+8) and earn points (MSS); once a day, 8801 after that',
    tag: 'checkin',
    access: 'user',
    input: EmptyInput,
    output: Status.extend({ points: z.number().int() }),
  }),
};
