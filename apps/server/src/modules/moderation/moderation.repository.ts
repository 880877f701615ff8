import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Handle } from '../../db/client.ts';
import { moderationActions, users, userStrikes } from '../../db/schema/index.ts';
import { afterCursor, type Cursor } from '../../platform/pagination.ts';

export type ActionRow = typeof moderationActions.$inferSelect;
export type ActionKind = ActionRow['action'];
/** The actions on a work; the others change the prompt word list. */
export type WorkAction = Extract<ActionKind, 'dismiss' | 'hide' | 'unhide' | 'strike'>;

const actor = alias(users, 'actor');
const subject = alias(users, 'subject');

/** The audit log and strikes; the only SQL over moderation_actions and user_strikes. */
export function moderationRepository(db: Handle) {
  return {
    async insertAction(values: typeof moderationActions.$inferInsert): Promise<string> {
      const [row] = await db.insert(moderationActions).values(values).returning({ id: moderationActions.id });
      return row.id;
    },

    /** Holds a person's strikes for the rest of the transaction, so two strikes at once count each other. */
    async lockStrikes(userId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`strikes:${userId}`}))`);
    },

    async insertStrike(values: typeof userStrikes.$inferInsert): Promise<void> {
      await db.insert(userStrikes).values(values);
    },

    async activeStrikes(userId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(userStrikes)
        .where(and(eq(userStrikes.userId, userId), gt(userStrikes.expiresAt, now)));
      return row.n;
    },

    /** Every action, newest first, with who took it and whom it concerned; limit + 1 rows for paging. */
    async log(cursor: Cursor | null, limit: number) {
      return db
        .select({
          action: moderationActions,
          actorName: actor.userName,
          actorAvatar: actor.avatar,
          subjectName: subject.userName,
          subjectAvatar: subject.avatar,
        })
        .from(moderationActions)
        .leftJoin(actor, eq(actor.id, moderationActions.actorId))
        .leftJoin(subject, eq(subject.id, moderationActions.subjectUserId))
        .where(afterCursor(cursor, moderationActions.createdAt, moderationActions.id))
        .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
        .limit(limit + 1);
    },
  };
}

export type ModerationRepository = ReturnType<typeof moderationRepository>;
export type LogRow = Awaited<ReturnType<ModerationRepository['log']>>[number];
