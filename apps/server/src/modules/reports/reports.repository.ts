import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Handle } from '../../db/client.ts';
import { reports, users } from '../../db/schema/index.ts';
import type { Cursor } from '../../platform/pagination.ts';

export type ReportRow = typeof reports.$inferSelect;
export type ReportStatus = ReportRow['status'];
export type ClosedStatus = Exclude<ReportStatus, 'open'>;

/** The storage folder of report pictures: `reports/<reportId>/<n>.<ext>`. */
export const REPORTS_FOLDER = 'reports/';

/** A work with open reports: how many, the newest's time. */
export interface OpenGroup {
  workId: string;
  count: number;
  latestAt: Date;
}

/** The only SQL over the reports table. */
export function reportsRepository(db: Handle) {
  return {
    /** Holds this reporter's reports of this work for the rest of the transaction: the repeat window is checked one submit at a time. */
    async lockPair(reporterId: string, workId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`reports:${reporterId}:${workId}`}))`);
    },

    async reportedSince(reporterId: string, workId: string, since: Date): Promise<boolean> {
      const rows = await db
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.reporterId, reporterId), eq(reports.workId, workId), gt(reports.createdAt, since)))
        .limit(1);
      return rows.length > 0;
    },

    async insert(values: typeof reports.$inferInsert): Promise<void> {
      await db.insert(reports).values(values);
    },

    /** Works with open reports, the most recently reported first; limit + 1 rows for paging. */
    async openGroups(cursor: Cursor | null, limit: number): Promise<OpenGroup[]> {
      const after = cursor ? sql`having (max(${reports.createdAt}), ${reports.workId}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)` : sql``;
      const rows = await db.execute<{ work_id: string; count: number; latest_at: string | Date }>(sql`
        select ${reports.workId} as work_id, count(*)::int as count, max(${reports.createdAt}) as latest_at
        from ${reports} where ${reports.status} = 'open'
        group by ${reports.workId} ${after}
        order by latest_at desc, work_id desc
        limit ${limit + 1}`);
      return rows.rows.map((r) => ({ workId: r.work_id, count: Number(r.count), latestAt: new Date(r.latest_at) }));
    },

    /** Open reports of these works counted by type. */
    async openTypes(workIds: string[]): Promise<Array<{ workId: string; type: string; count: number }>> {
      if (workIds.length === 0) return [];
      return db
        .select({ workId: reports.workId, type: reports.type, count: sql<number>`count(*)::int` })
        .from(reports)
        .where(and(eq(reports.status, 'open'), inArray(reports.workId, workIds)))
        .groupBy(reports.workId, reports.type)
        .orderBy(desc(sql`count(*)`), reports.type);
    },

    /** Every report of a work with its reporter, open ones first, then newest first. */
    async ofWork(workId: string) {
      return db
        .select({ report: reports, reporterName: users.userName, reporterAvatar: users.avatar })
        .from(reports)
        .innerJoin(users, eq(users.id, reports.reporterId))
        .where(eq(reports.workId, workId))
        .orderBy(sql`${reports.status} = 'open' desc`, desc(reports.createdAt), desc(reports.id));
    },

    /** Closes a work's open reports by an action; answers who reported them. */
    async close(workId: string, status: ClosedStatus, actionId: string): Promise<string[]> {
      const rows = await db
        .update(reports)
        .set({ status, actionId, resolvedAt: new Date() })
        .where(and(eq(reports.workId, workId), eq(reports.status, 'open')))
        .returning({ reporterId: reports.reporterId });
      return rows.map((r) => r.reporterId);
    },

    /** Which of these addresses a report still shows, for the media sweep. */
    async referencedImages(urls: string[]): Promise<Set<string>> {
      if (urls.length === 0) return new Set();
      const list = sql.join(
        urls.map((u) => sql`${u}`),
        sql`, `,
      );
      const rows = await db.execute<{ url: string }>(sql`
        select u.url from unnest(array[${list}]::text[]) as u(url)
        where exists (select 1 from ${reports} r where u.url = any(r.images))`);
      return new Set(rows.rows.map((r) => r.url));
    },
  };
}

export type ReportsRepository = ReturnType<typeof reportsRepository>;
