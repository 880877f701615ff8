import { eq, sql, type SQL } from 'drizzle-orm';
import { interactNotices, systemNotices } from '../../db/schema/index.ts';

/**
 * Notices are private to their recipient (decision 0007): a notice another person may not
 * read is "not found" to them, so the rule is a condition on every query, not a check after.
 */

/** The reader of system notices: broadcasts count from the day they joined. */
export interface Reader {
  id: string;
  joinedAt: Date;
}

/** System notices `reader` may read: those sent to them, and broadcasts since they joined. */
export const systemNoticesFor = (reader: Reader): SQL =>
  sql`(${systemNotices.recipientId} = ${reader.id} or (${systemNotices.recipientId} is null and ${systemNotices.createdAt} >= ${reader.joinedAt}))`;

/** Interactive notices `userId` may read: their own. */
export const interactNoticesFor = (userId: string): SQL => eq(interactNotices.recipientId, userId);
