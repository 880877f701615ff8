import { checkinPoints, ErrorCode } from '@starlit/contract';
import { formatDay } from '@starlit/contract/rules';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { fingerprintOf, serverKey, type LedgerService } from '../ledger/ledger.service.ts';
import { checkinRepository } from './checkin.repository.ts';

const DAY_MS = 86_400_000;
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

/**
 * The daily check-in (docs/economy.md, Points): once per UTC+8 day a person earns points (MSS)
 * from the system's `bonus` account, more for each consecutive day up to a week. The day's
 * ledger key (`checkin:<day>`) and the table's primary key both make a second one impossible,
 * even two at once.
 */
export function checkinService(deps: { db: Db; ledger: LedgerService }) {
  async function status(userId: string, now: Date) {
    const day = formatDay(now);
    const last = await checkinRepository(deps.db).latest(userId, day);
    const checkedInToday = last?.day === day;
    const running = last && (checkedInToday || last.day === dayBefore(day)) ? last.streak : 0;
    return { day, checkedInToday, streak: running, nextPoints: checkinPoints(running + 1) };
  }

  return {
    status: (userId: string, now = new Date()) => status(userId, now),

    async checkin(userId: string, now = new Date()) {
      const day = formatDay(now);
      const { replayed } = await deps.ledger.run(userId, serverKey('checkin', day), fingerprintOf('checkin', { day }), async (books) => {
        const repo = checkinRepository(books.tx);
        const last = await repo.latest(userId, day);
        if (last?.day === day) throw new AppError(ErrorCode.CHECKIN_DONE);
        const streak = last?.day === dayBefore(day) ? last.streak + 1 : 1;
        const points = checkinPoints(streak);
        if (!(await repo.insert({ userId, day, streak, points }))) throw new AppError(ErrorCode.CHECKIN_DONE);
        await books.move({ from: { system: 'bonus' }, to: { user: userId }, currency: 'MSS', amount: points, kind: 'checkin', memo: { day } });
        return { points };
      });
      // a second check-in on the day finds the first one's key: it is answered as done, not as a success
      if (replayed) throw new AppError(ErrorCode.CHECKIN_DONE);
      const after = await status(userId, now);
      return { ...after, points: checkinPoints(after.streak) };
    },
  };
}

export type CheckinService = ReturnType<typeof checkinService>;
